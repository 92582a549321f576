#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON text being written as UTF-8 bytes: each piece copied once into one growing buffer,
/// which is what a file or an answer of 100,000 transactions needs (appending to a `String`
/// costs several times more per piece, and `Array.append(contentsOf:)` about three times more
/// than the copy itself, so the buffer is grown ahead and written through its pointer).
package struct JSONBytes {
  /// The buffer: the text, then room for more (zeros).
  private var storage: [UInt8]
  /// How much of ``storage`` is text.
  private var count = 0

  /// An empty text with room for about `capacity` bytes.
  package init(capacity: Int) {
    storage = [UInt8](repeating: 0, count: max(capacity, 64))
  }

  /// The text so far (the room beyond it let go).
  package var bytes: [UInt8] {
    mutating get {
      storage.removeSubrange(count...)
      return storage
    }
  }

  /// Appends `text` as it is.
  package mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends `text` as it is (a literal goes to the `StaticString` form: its bytes as they
  /// are in the binary, not looked for in a `String`).
  @_disfavoredOverload
  package mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends one byte.
  package mutating func append(byte: UInt8) {
    if count == storage.count { grow(to: count + 1) }
    storage[count] = byte
    count += 1
  }

  /// Appends `piece`.
  package mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress else { return }
    let end = count + piece.count
    if end > storage.count { grow(to: end) }
    storage.withUnsafeMutableBufferPointer { buffer in
      (buffer.baseAddress! + count).update(from: source, count: piece.count)
    }
    count = end
  }

  /// Makes room for at least `size` bytes, doubling.
  private mutating func grow(to size: Int) {
    let added = max(size, 2 * storage.count) - storage.count
    storage.append(contentsOf: repeatElement(0, count: added))
  }

  /// Appends the JSON string literal of `text` (escaped as ``JSONText`` escapes it).
  package mutating func appendString(_ text: String) {
    guard JSONText.isPlain(text) else {
      return append(JSONText.string(text))
    }
    append(byte: UInt8(ascii: "\""))
    append(text)
    append(byte: UInt8(ascii: "\""))
  }
}

extension JSONBytes {
  /// The text.
  package var text: String { String(decoding: storage[..<count], as: UTF8.self) }
}
