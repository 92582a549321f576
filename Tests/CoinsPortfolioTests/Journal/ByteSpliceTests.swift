import CoinsServices
import CoinsUnitTestSupport
import Testing

/// The splice a journal entry keeps: where two files first differ, the old bytes the new one no
/// longer has there and how many it has instead — found eight bytes at a time, so cases around
/// the eight-byte steps are here.
@Suite struct ByteSpliceTests {
  /// 40 bytes: the digits four times.
  static let old = Array(String(repeating: "0123456789", count: 4).utf8)

  @Test func theSameFileIsAnEmptySpliceAtItsEnd() {
    let splice = ByteSplice(from: Self.old, to: Self.old)
    expectEqual(splice.offset, 40)
    expectEqual(splice.replacedBytes, [])
    expectEqual(splice.insertedCount, 0)
  }

  @Test func oneByteChangedInsideTheThirdWord() {
    var new = Self.old
    new[19] = UInt8(ascii: "x")  // the second "9"
    let splice = ByteSplice(from: Self.old, to: new)
    expectEqual(splice.offset, 19)
    expectEqual(splice.replacedBytes, Array("9".utf8))
    expectEqual(splice.insertedCount, 1)
    expectEqual(splice.reverting(new), Self.old)
  }

  @Test func bytesInsertedAfterTheSeventeenth() {
    let new = Array("01234567890123456".utf8) + Array("abc".utf8) + Self.old[17...]
    let splice = ByteSplice(from: Self.old, to: new)
    expectEqual(splice.offset, 17)
    expectEqual(splice.replacedBytes, [])
    expectEqual(splice.insertedCount, 3)
    expectEqual(splice.reverting(new), Self.old)
  }

  @Test func theLastNineBytesRemoved() {
    let new = Array(Self.old[..<31])
    let splice = ByteSplice(from: Self.old, to: new)
    expectEqual(splice.offset, 31)
    expectEqual(splice.replacedBytes, Array("123456789".utf8))
    expectEqual(splice.insertedCount, 0)
    expectEqual(splice.reverting(new), Self.old)
  }

  @Test func aRepeatedPatternSplicesAtItsFirstDifference() {
    // Ten digits removed from the middle of a repeating text: the first 30 bytes still match,
    // so the splice is the last ten.
    let new = Array(String(repeating: "0123456789", count: 3).utf8)
    let splice = ByteSplice(from: Self.old, to: new)
    expectEqual(splice.offset, 30)
    expectEqual(splice.replacedBytes, Array("0123456789".utf8))
    expectEqual(splice.insertedCount, 0)
  }

  @Test func fromNothingEverythingIsInserted() {
    let splice = ByteSplice(from: [], to: Self.old)
    expectEqual(splice.offset, 0)
    expectEqual(splice.replacedBytes, [])
    expectEqual(splice.insertedCount, 40)
  }

  @Test func theFirstAndLastByteChanged() {
    var new = Self.old
    new[0] = UInt8(ascii: "a")
    new[39] = UInt8(ascii: "z")
    let splice = ByteSplice(from: Self.old, to: new)
    expectEqual(splice.offset, 0)
    expectEqual(splice.replacedBytes, Self.old)
    expectEqual(splice.insertedCount, 40)
  }
}
