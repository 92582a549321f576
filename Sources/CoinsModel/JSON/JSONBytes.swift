/// JSON text being written as UTF-8 bytes: each piece copied once into one growing buffer,
/// which is what a file or an answer of 100,000 transactions needs (appending to a `String`
/// costs several times more per piece).
package struct JSONBytes {
  /// The text so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty text with room for about `capacity` bytes.
  package init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends `text` as it is.
  package mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `text` as it is.
  package mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends the JSON string literal of `text` (escaped as ``JSONText`` escapes it).
  package mutating func appendString(_ text: String) {
    guard JSONText.isPlain(text) else {
      return bytes.append(contentsOf: JSONText.string(text).utf8)
    }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: text.utf8)
    bytes.append(UInt8(ascii: "\""))
  }
}

extension JSONBytes {
  /// The text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
