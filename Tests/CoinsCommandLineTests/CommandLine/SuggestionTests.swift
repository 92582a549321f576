import CoinsModel
import Testing

@Suite struct SuggestionTests {
  private let options = ["--currency", "--sort", "--reverse", "--json", "--csv", "--help"]

  @Test(arguments: [
    ("--curency", "--currency"), ("--sotr", "--sort"), ("--jsno", "--json"), ("--CSV", "--csv"),
    ("--revers", "--reverse"), ("--curr", "--currency"),
  ])
  func suggestsNearCandidates(word: String, expected: String) {
    #expect(Suggestion.closest(to: word, among: options) == expected)
  }

  @Test(arguments: ["--frobnicate", "x", "--"])
  func staysQuietWhenNothingIsClose(word: String) {
    #expect(Suggestion.closest(to: word, among: options) == nil)
  }

  @Test func distance() {
    #expect(Suggestion.distance("kitten", "sitting") == 3)
    #expect(Suggestion.distance("", "abc") == 3)
    #expect(Suggestion.distance("abc", "") == 3)
    #expect(Suggestion.distance("top", "top") == 0)
    #expect(Suggestion.distance("tpo", "top") == 2)
  }
}
