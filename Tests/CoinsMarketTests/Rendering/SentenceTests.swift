import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct SentenceTests {
  @Test(arguments: [
    ("Internal Server Error", "Internal Server Error."),
    ("invalid vs_currency", "invalid vs_currency."),
    ("Already a sentence.", "Already a sentence."),
    ("Slow down!", "Slow down!"),
    ("Is it down?", "Is it down?"),
    ("Trailing spaces  ", "Trailing spaces."),
    ("Cut short…", "Cut short…."),
    ("", ""),
    ("   ", ""),
  ])
  func endsWithAFullStopOnce(text: String, expected: String) {
    expectEqual(Sentence.ended(text), expected)
  }
}
