#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends the JSON string literal of `text` (escaped as ``JSONText`` escapes it).
  package mutating func appendString(_ text: String) {
    guard JSONText.isPlain(text) else {
      return bytes.append(contentsOf: JSONText.string(text).utf8)
    }
    bytes.append(UInt8(ascii: "\""))
    append(text)
    bytes.append(UInt8(ascii: "\""))
  }
}

extension JSONBytes {
  /// Appends `bytes`.
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes.append(contentsOf: bytes)
  }

  /// Appends the canonical text of a figure (``DecimalInput/text(_:)``), without making it a
  /// string first.
  package mutating func append(figure value: Decimal) {
    guard !value.isNaN else { return append(value.description) }
    ExactDecimal(value).rounded(fractionDigits: DecimalInput.maxFractionDigits).withText {
      append($0)
    }
  }

  /// Appends a date as a JSON string, with as few fraction digits as read back to it
  /// (``ISO8601Timestamp/formatExact(_:)``) or with milliseconds.
  package mutating func appendString(date: Date, exact: Bool) {
    bytes.append(UInt8(ascii: "\""))
    if exact {
      ISO8601Timestamp.withExactText(date) { append($0) }
    } else {
      ISO8601Timestamp.withText(date, fractionDigits: 3) { append($0) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
