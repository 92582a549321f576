import CoinsTerminal
import CoinsUnitTestSupport
import Testing

/// Bytes a terminal sends, decoded into keys.
@Suite struct KeyDecoderTests {
  private func keys(_ bytes: [UInt8], flush: Bool = false) -> [Key] {
    var decoder = KeyDecoder()
    var keys = bytes.compactMap { decoder.feed($0) }
    if flush, let key = decoder.flushEscape() { keys.append(key) }
    return keys
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func lettersDigitsAndPunctuation() {
    expectEqual(keys(bytes("jk/?q1")), "jk/?q1".map { .character($0) })
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}OA", .up), ("\u{1B}OB", .down),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}OH", .home), ("\u{1B}[7~", .home),
    ("\u{1B}[8~", .end), ("\u{1B}[15~", .unknown), ("\u{1B}[1;5A", .unknown),
  ])
  func escapeSequences(sequence: String, key: Key) {
    expectEqual(keys(bytes(sequence)), [key])
  }

  @Test func enterAndBackspace() {
    expectEqual(keys([0x0D, 0x0A, 0x7F, 0x08]), [.enter, .enter, .backspace, .backspace])
  }

  @Test func aLoneEscIsEscOnlyWhenNothingFollowsInTime() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B) == nil)
    #expect(decoder.isWaitingAfterEscape)
    expectEqual(decoder.flushEscape(), .escape)
    #expect(!decoder.isWaitingAfterEscape)
    #expect(decoder.flushEscape() == nil)
  }

  @Test func escThenALetterIsEsc() {
    expectEqual(keys(bytes("\u{1B}x")), [.escape])
  }

  @Test func aCutSequenceIsDroppedNotMisread() {
    expectEqual(keys(bytes("\u{1B}["), flush: true), [.unknown])
  }

  @Test func utf8CharactersArriveWhole() {
    expectEqual(keys(bytes("é€🚀")), [.character("é"), .character("€"), .character("🚀")])
  }

  @Test func controlBytesAreIgnored() {
    expectEqual(keys([0x01, 0x00, 0x1F]), [.unknown, .unknown, .unknown])
  }
}
