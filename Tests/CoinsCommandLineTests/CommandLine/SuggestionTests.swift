import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct SuggestionTests {
  private let options = ["--currency", "--sort", "--reverse", "--json", "--csv", "--help"]

  @Test(arguments: [
    ("--curency", "--currency"), ("--sotr", "--sort"), ("--jsno", "--json"), ("--CSV", "--csv"),
    ("--revers", "--reverse"), ("--curr", "--currency"),
  ])
  func suggestsNearCandidates(word: String, expected: String) {
    expectEqual(Suggestion.closest(to: word, among: options), expected)
  }

  @Test(arguments: ["--frobnicate", "x", "--"])
  func staysQuietWhenNothingIsClose(word: String) {
    #expect(Suggestion.closest(to: word, among: options) == nil)
  }

  @Test func distance() {
    expectEqual(Suggestion.distance("kitten", "sitting"), 3)
    expectEqual(Suggestion.distance("", "abc"), 3)
    expectEqual(Suggestion.distance("abc", ""), 3)
    expectEqual(Suggestion.distance("top", "top"), 0)
    expectEqual(Suggestion.distance("tpo", "top"), 2)
  }
}
