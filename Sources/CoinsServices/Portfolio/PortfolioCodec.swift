import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts between the portfolio file and ``Portfolio``, checking every field and keeping the
/// members it does not know. Version 3 is written, each transaction on one line (a file of
/// 100,000 of them is ~16 MB, read in well under a second); versions 2 (the same transactions
/// over several lines each, without income, exchange ids or wallets) and 1 (lots, each read as
/// a buy) are read.
///
/// ```json
/// {
///   "version": 3,
///   "holdings": [
///     {
///       "id": "bitcoin",
///       "transactions": [
///         {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2026-11-29T14:00:00.000Z"}
///       ]
///     }
///   ]
/// }
/// ```
///
/// Since December 2026 a top-level `"statedBalances"` (``StatedBalanceCodec``) and
/// `"accepted"` (``AcceptanceCodec``) may follow the holdings, still in version 3: a file without it reads as before, and an older `coins` keeps
/// it as a member it does not know.
///
/// Version 1 had `"lots": [ { "amount", "cost", "costCurrency", "date" } ]` per holding.
///
/// The file is decoded as it is read (``JSONCursor``), each transaction by
/// ``TransactionCodec/decode(from:at:version:)``: never the whole document as a ``JSONValue``.
package enum PortfolioCodec {
  /// A reason the document is not a portfolio (the caller adds the path).
  package struct Invalid: Error, Equatable {
    package var detail: String
  }

  /// The portfolio in a file's bytes; `newerVersion` is set when the version is above ours.
  package static func decode(_ bytes: [UInt8]) throws(Invalid) -> (Portfolio, newerVersion: Int?) {
    let (portfolio, version) = try decodeWithVersion(bytes)
    return (portfolio, version > Portfolio.formatVersion ? version : nil)
  }

  /// The portfolio in a file's bytes (a leading byte-order mark skipped) and the format version
  /// it was in (above ours: an empty portfolio, the rest unread). Version-1 lots come without
  /// ids. Bad JSON is `Invalid` too, with its line and column.
  package static func decodeWithVersion(_ bytes: [UInt8]) throws(Invalid) -> (Portfolio, Int) {
    let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    do {
      let version = try self.version(in: bytes)
      if version > Portfolio.formatVersion { return (Portfolio(), version) }
      return (try decode(bytes, version: version), version)
    } catch let error as JSONValueParser.SyntaxError {
      throw Invalid(detail: "not valid JSON: \(error.description)")
    } catch let error as Invalid {
      throw error
    } catch {
      throw Invalid(detail: "\(error)")
    }
  }

  /// The file's text for a portfolio, in the current version.
  package static func text(of portfolio: Portfolio) -> String {
    String(decoding: bytes(of: portfolio), as: UTF8.self)
  }

  /// The format version, from the top-level `"version"` (usually the first member, so found at
  /// once).
  private static func version(in bytes: [UInt8]) throws -> Int {
    var cursor = JSONCursor(bytes)
    guard try cursor.enterObject() else {
      let value = try cursor.value()
      try cursor.finish()
      throw Invalid(detail: "expected an object at the top, found \(value.kindDescription)")
    }
    while let key = try cursor.nextMember() {
      let value = try cursor.value()
      guard key == "version" else { continue }
      guard case .number(let text) = value, let version = Int(text) else { break }
      guard version >= 1 else {
        throw Invalid(detail: "\"version\" \(version) is not a known format")
      }
      return version
    }
    throw Invalid(detail: "\"version\" is missing or not a whole number")
  }

  /// The portfolio in a document of `version` (known to be one we read).
  private static func decode(_ bytes: [UInt8], version: Int) throws -> Portfolio {
    var cursor = JSONCursor(bytes)
    _ = try cursor.enterObject()
    var holdings: [Holding]?
    var stated: [BalanceStatement]?
    var accepted: [Acceptance]?
    var extra: [KeptMember] = []
    var versionSeen = false
    while let key = try cursor.nextMember() {
      switch key {
      case "version" where !versionSeen:
        versionSeen = true
        _ = try cursor.value()
      case "holdings" where holdings == nil:
        guard try cursor.enterArray() else {
          throw Invalid(detail: "\"holdings\" is missing or not an array")
        }
        holdings = try decodeHoldings(&cursor, version: version)
      case StatedBalanceCodec.key where stated == nil:
        stated = try StatedBalanceCodec.decode(try cursor.value())
      case AcceptanceCodec.key where accepted == nil:
        accepted = try AcceptanceCodec.decode(try cursor.value())
      case "version", "holdings", StatedBalanceCodec.key, AcceptanceCodec.key:
        // A member named twice: the first counts, the others are dropped (as before).
        _ = try cursor.value()
      default:
        extra.append(KeptMember(key, try cursor.value()))
      }
    }
    try cursor.finish()
    guard let holdings else { throw Invalid(detail: "\"holdings\" is missing or not an array") }
    var portfolio = Portfolio(holdings: holdings, statedBalances: stated ?? [], extra: extra)
    portfolio.accepted = accepted ?? []
    return portfolio
  }

  /// The holding the cursor is at.
  static func decodeHolding(_ cursor: inout JSONCursor, at place: String, version: Int)
    throws -> Holding
  {
    guard try cursor.enterObject() else {
      throw Invalid(
        detail: "\(place) should be an object, found \(try cursor.value().kindDescription)")
    }
    let key = version == 1 ? "lots" : "transactions"
    var id: JSONValue?
    var transactions: [Transaction]?
    var extra: [KeptMember] = []
    while let member = try cursor.nextMember() {
      if member == "id", id == nil {
        id = try cursor.value()
      } else if member == key, transactions == nil {
        guard try cursor.enterArray() else {
          throw Invalid(detail: "\(place).\(key) is missing or not an array")
        }
        var read: [Transaction] = []
        while try cursor.nextElement() {
          let index = read.count
          read.append(
            try version == 1
              ? TransactionCodec.decodeLot(try cursor.value(), at: "\(place).\(key)[\(index)]")
              : TransactionCodec.decode(
                from: &cursor, at: "\(place).\(key)[\(index)]", version: version))
        }
        transactions = read
      } else if member == "id" || member == key {
        _ = try cursor.value()
      } else {
        extra.append(KeptMember(member, try cursor.value()))
      }
    }
    guard let id = id?.stringValue, !id.isEmpty, Sanitizer.clean(id) == id else {
      throw Invalid(detail: "\(place).id is missing or not a CoinGecko id")
    }
    guard let transactions else {
      throw Invalid(detail: "\(place).\(key) is missing or not an array")
    }
    return Holding(id: id, transactions: transactions, extra: extra)
  }
}
