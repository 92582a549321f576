import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// A document file is read byte for byte: a file of megabytes in parts at once, one per core,
/// joined in their order; a small one in one piece.
@Suite struct DocumentFileReadingTests {
  private func written(_ bytes: [UInt8]) throws -> (DocumentFile, URL) {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-document-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return (DocumentFile(url: url), url)
  }

  @Test func aFileOfMegabytesIsReadWholeAndInOrder() throws {
    // 5,000,003 bytes (over the 4,000,000 read in parts, and odd, so the parts differ in
    // size): byte i is i modulo 251, so a part out of place or a byte lost shifts the rest.
    let bytes = (0..<5_000_003).map { UInt8($0 % 251) }
    let (file, url) = try written(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    let read = try #require(try file.read())
    expectEqual(read.count, 5_000_003)
    // Where the first byte differs, not the megabytes themselves, when one does.
    #expect(read.indices.first { read[$0] != bytes[$0] } == nil)
  }

  @Test func aSmallFileAnEmptyOneAndNoneAtAll() throws {
    let (file, url) = try written(Array("{}\n".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    try expectEqual(file.read(), [0x7B, 0x7D, 0x0A])
    let (empty, emptyURL) = try written([])
    defer { try? FileManager.default.removeItem(at: emptyURL) }
    try expectEqual(empty.read(), [])
    let absent = DocumentFile(url: url.appendingPathExtension("absent"))
    #expect(try absent.read() == nil)
  }
}
