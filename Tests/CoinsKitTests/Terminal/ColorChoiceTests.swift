import Testing

@testable import CoinsKit

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
    #expect(choice.enabled(isTerminal: isTerminal, environment: environment) == expected)
  }

  @Test func parsesFromItsName() {
    #expect(ColorChoice.allCases.map(\.rawValue) == ["auto", "always", "never"])
  }
}
