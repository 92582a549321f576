import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What each field of a transaction (or a version-1 lot) in the portfolio file must be, and the
/// words that say why a value is refused: one rule per kind of field, read from the value's
/// bytes, whether it is still in the document (``FieldValue/ascii(_:)``) or was built.
struct TransactionFieldRules {
  /// The document's bytes, where the ``FieldValue/ascii(_:)`` values are.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The ``FieldValue/built(_:)`` values.
  let built: [JSONValue]

  /// The kind `value` names (`buy`, `sell`, `in`, `out`).
  func kind(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> TransactionKind
  {
    guard let value, let kind = utf8(value, Self.kind) ?? nil else {
      throw .init(detail: "\(place()).type should be one of \"buy\", \"sell\", \"in\", \"out\"")
    }
    return kind
  }

  /// A positive amount, stated as a decimal string (or, from a hand edit, a plain number).
  func amount(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> Decimal
  {
    guard let value, let amount = decimal(value), !amount.isZero else {
      throw .init(detail: "\(place()).amount should be a positive decimal string such as \"0.5\"")
    }
    return amount
  }

  /// A decimal stated as a string (or, from a hand edit, a plain number), or `nil` when absent.
  func decimal(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> Decimal?
  {
    guard let value, !value.isNull else { return nil }
    guard let decimal = decimal(value) else {
      throw .init(detail: "\(place()) should be a decimal string such as \"42000\"")
    }
    return decimal
  }

  /// A currency code, lowercased, or `nil` when absent.
  func currency(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> String?
  {
    guard let value, !value.isNull else { return nil }
    guard let code = utf8(value, Self.currency) ?? nil else {
      throw .init(detail: "\(place()) should be a currency code such as \"usd\"")
    }
    return code
  }

  /// A time, or `nil` when absent.
  func date(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> Date?
  {
    guard let value, !value.isNull else { return nil }
    guard let date = utf8(value, ISO8601Timestamp.parse) ?? nil else {
      throw .init(detail: "\(place()).date should be a time like \"2026-11-29T14:00:00Z\"")
    }
    return date
  }

  /// Any string, or `nil` when absent.
  func string(_ value: FieldValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> String?
  {
    guard let value, !value.isNull else { return nil }
    guard let text = utf8(value, { String(decoding: $0, as: UTF8.self) }) else {
      throw .init(detail: "\(place()) should be a string")
    }
    return text
  }

  /// A short string without control characters (`limit` characters at most, no comma unless
  /// `comma`), or `nil` when absent.
  func text(
    _ value: FieldValue?, at place: @autoclosure () -> String, limit: Int, example: String,
    comma: Bool = true
  ) throws(PortfolioCodec.Invalid) -> String? {
    guard let value, !value.isNull else { return nil }
    guard let text = utf8(value, { Self.text($0, limit: limit, comma: comma) }) ?? nil else {
      throw .init(detail: "\(place()) should be a short string such as \"\(example)\"")
    }
    return text
  }

  /// `body` of the UTF-8 of `value` when it is a string; `nil` when it is not.
  private func utf8<Result>(_ value: FieldValue, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result?
  {
    switch value {
    case .ascii(let range): return body(UnsafeBufferPointer(rebasing: bytes[range]))
    case .built(let place):
      guard case .string(var text) = built[place] else { return nil }
      return text.withUTF8(body)
    case .null, .bool: return nil
    }
  }

  /// The decimal of a string (made from its digits when it is the usual text) or a number.
  private func decimal(_ value: FieldValue) -> Decimal? {
    if case .built(let place) = value, case .number(let text) = built[place] {
      return DecimalInput.parse(text)
    }
    return utf8(value) {
      DecimalInput.plainValue($0) ?? DecimalInput.parse(String(decoding: $0, as: UTF8.self))
    } ?? nil
  }

  private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> TransactionKind? {
    func named(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count
        && (0..<bytes.count).allSatisfy { bytes[$0] == text.utf8Start[$0] }
    }
    if named("buy") { return .buy }
    if named("sell") { return .sell }
    if named("in") { return .transferIn }
    if named("out") { return .transferOut }
    return nil
  }

  /// The code lowercased (made at once when it is lowercase ASCII already, as usual).
  private static func currency(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard !bytes.isEmpty else { return nil }
    let code = String(decoding: bytes, as: UTF8.self)
    let lowercase = bytes.allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
    return lowercase ? code : code.lowercased()
  }

  /// The text when it is 1 to `limit` characters that `Sanitizer.clean` leaves alone; printable
  /// ASCII (as usual) is checked byte by byte: no space at either end nor two in a row.
  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, comma: Bool)
    -> String?
  {
    let text = String(decoding: bytes, as: UTF8.self)
    if let first = bytes.first, let last = bytes.last, bytes.count <= limit,
      bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
    {
      let clean =
        first != 0x20 && last != 0x20
        && !zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
      return clean && (comma || !bytes.contains(UInt8(ascii: ","))) ? text : nil
    }
    guard !text.isEmpty, text.utf8.count <= limit || text.count <= limit,
      Sanitizer.clean(text) == text, comma || !text.contains(",")
    else { return nil }
    return text
  }
}
