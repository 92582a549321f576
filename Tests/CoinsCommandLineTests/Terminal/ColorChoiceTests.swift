import CoinsCommandLine
import CoinsTerminal
import CoinsUnitTestSupport
import Testing

@Suite struct ColorChoiceTests {
  @Test(
    arguments: [
      (ColorChoice.auto, true, [:], true),
      (.auto, false, [:], false),
      (.auto, true, ["NO_COLOR": "1"], false),
      (.auto, true, ["NO_COLOR": ""], true),
      (.always, false, ["NO_COLOR": "1"], true),
      (.never, true, [:], false),
    ] as [(ColorChoice, Bool, [String: String], Bool)])
  func enabled(choice: ColorChoice, isTerminal: Bool, environment: [String: String], expected: Bool)
  {
    expectEqual(choice.enabled(isTerminal: isTerminal, environment: environment), expected)
  }

  @Test(arguments: [("auto", ColorChoice.auto), ("always", .always), ("never", .never)])
  func theColorOptionNamesEachChoice(name: String, expected: ColorChoice) throws {
    guard
      let options = try CommandParser.parse(["top", "--color", name]).runnable(TopCommand.self)?
        .options
    else {
      Issue.record("`top --color \(name)` is not a top command")
      return
    }
    expectEqual(options.market.color, expected)
  }
}
