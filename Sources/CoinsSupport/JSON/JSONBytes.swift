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

  /// Appends `piece`: most are a few bytes (a name, a figure, punctuation), copied as two
  /// words rather than by a call to `memmove` each (two million of them for 100,000
  /// transactions).
  package mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress else { return }
    let end = count + piece.count
    if end > storage.count { grow(to: end) }
    storage.withUnsafeMutableBufferPointer { buffer in
      let target = buffer.baseAddress! + count
      if piece.count <= 16 {
        Self.copy(piece.count, from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target))
      } else {
        target.update(from: source, count: piece.count)
      }
    }
    count = end
  }

  /// Copies `count` bytes, at most 16, as two words that overlap (or, under 4, as bytes).
  @inline(__always)
  private static func copy(
    _ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer
  ) {
    switch count {
    case 8...:
      let (head, tail) = (
        source.loadUnaligned(as: UInt64.self),
        source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      )
      target.storeBytes(of: head, as: UInt64.self)
      target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4...:
      let (head, tail) = (
        source.loadUnaligned(as: UInt32.self),
        source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      )
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1...:
      // 1, 2 or 3 bytes: the first, the middle and the last (some the same).
      let (first, middle, last) = (
        source.load(as: UInt8.self), source.load(fromByteOffset: count / 2, as: UInt8.self),
        source.load(fromByteOffset: count - 1, as: UInt8.self)
      )
      target.storeBytes(of: first, as: UInt8.self)
      target.storeBytes(of: middle, toByteOffset: count / 2, as: UInt8.self)
      target.storeBytes(of: last, toByteOffset: count - 1, as: UInt8.self)
    default:
      break
    }
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
    // The quotes and the text in one go: room made once, the buffer reached once.
    var text = text
    text.withUTF8 { utf8 in
      let (start, end) = (count, count + utf8.count + 2)
      if end > storage.count { grow(to: end) }
      storage.withUnsafeMutableBufferPointer { buffer in
        let target = buffer.baseAddress! + start
        target[0] = UInt8(ascii: "\"")
        if let source = utf8.baseAddress {
          if utf8.count <= 16 {
            Self.copy(
              utf8.count, from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target + 1))
          } else {
            (target + 1).update(from: source, count: utf8.count)
          }
        }
        target[utf8.count + 1] = UInt8(ascii: "\"")
      }
      count = end
    }
  }
}

extension JSONBytes {
  /// The text.
  package var text: String { String(decoding: storage[..<count], as: UTF8.self) }
}
