import CoinsTerminal
import CoinsUnitTestSupport
import Testing

@Suite struct TerminalInfoTests {
  @Test(
    arguments: [
      (["COLUMNS": "120"], 90, 120),
      (["COLUMNS": "40"], nil, 40),
      (["COLUMNS": "5000"], 90, 1000),
      (["COLUMNS": "abc"], 90, 90),
      (["COLUMNS": "0"], 90, 90),
      (["COLUMNS": "-5"], nil, 80),
      (["COLUMNS": ""], nil, 80),
      ([:], 132, 132),
      ([:], 0, 80),
      ([:], nil, 80),
    ] as [([String: String], Int?, Int)])
  func widthRule(environment: [String: String], window: Int?, expected: Int) {
    expectEqual(TerminalInfo.width(environment: environment, windowColumns: window), expected)
  }

  @Test(
    arguments: [
      (["LINES": "40"], 30, 40), (["LINES": "0"], 30, 30), (["LINES": "x"], nil, nil),
      ([:], 24, 24), ([:], nil, nil), (["LINES": "5000"], nil, 1000),
    ] as [([String: String], Int?, Int?)])
  func heightRule(environment: [String: String], window: Int?, expected: Int?) {
    expectEqual(TerminalInfo.height(environment: environment, windowRows: window), expected)
  }
}
