import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TransactionHistoryView {
  /// `{"transactions":[{"id","date","type","coin","amount","price","currency","fee",
  /// "feeCurrency","note","realizedPnl","wallet","movedFrom","provenance"}]}`; figures are exact
  /// decimal numbers as recorded, a sale's realized profit or loss rounded to its currency's
  /// minor unit; `movedFrom` is the transfer out a move's arrival received, else null;
  /// `provenance` is how the price was had (``provenance(of:)``).
  package static func json(_ listing: HistoryListing) -> String {
    String(decoding: jsonParts(listing).joined(), as: UTF8.self)
  }

  /// ``json(_:)`` as the pieces of its UTF-8 in order, to be written one after another: the
  /// listing's parts made on every core (a history can have 100,000 transactions), never
  /// joined.
  package static func jsonParts(_ listing: HistoryListing) -> [[UInt8]] {
    let threshold = 10_000
    let parts = listing.parts(listing.count >= threshold ? HistoryListing.partsToSpread : 1)
    var objects = Parallel.map(parts, weight: \.count, threshold: threshold) { part in
      jsonObjects(of: part, in: listing)
    }
    // Every object after a comma but the first (a part can be empty, with a wallet chosen).
    if let first = objects.firstIndex(where: { !$0.isEmpty }) { objects[first].removeFirst() }
    return [Array("{\"transactions\":[".utf8)] + objects + [Array("]}".utf8)]
  }

  /// The JSON objects of `part`'s transactions, each after a comma.
  private static func jsonObjects(
    of part: HistoryListing.Part, in listing: HistoryListing
  ) -> [UInt8] {
    // About 300 bytes an object (the provenance's 60 among them): room for all, not grown.
    var output = JSONBytes(capacity: 320 * part.count + 32)
    listing.forEach(in: part) { coin, transaction, realized in
      output.append(",{")
      appendObject(coin: coin, transaction: transaction, realized: realized, to: &output)
    }
    return output.bytes
  }

  /// The members of a transaction's object and its closing brace.
  private static func appendObject(
    coin: String, transaction: Transaction, realized gain: RealizedGain?,
    to output: inout JSONBytes
  ) {
    func string(_ text: String?) {
      if let text { output.appendString(text) } else { output.append("null") }
    }
    func figure(_ value: Decimal?) {
      if let value {
        DecimalInput.withText(value) { output.append($0) }
      } else {
        output.append("null")
      }
    }
    output.append("\"id\":")
    output.appendString(transaction.id)
    output.append(",\"date\":")
    if let date = transaction.date {
      output.append(byte: UInt8(ascii: "\""))
      ISO8601Timestamp.withText(date, fractionDigits: 3) { output.append($0) }
      output.append(byte: UInt8(ascii: "\""))
    } else {
      output.append("null")
    }
    output.append(",\"type\":")
    output.appendString(transaction.kind.rawValue)
    output.append(",\"coin\":")
    output.appendString(coin)
    output.append(",\"amount\":")
    DecimalInput.withText(transaction.amount) { output.append($0) }
    output.append(",\"price\":")
    figure(transaction.price)
    output.append(",\"currency\":")
    output.appendString(transaction.priceCurrency)
    output.append(",\"fee\":")
    figure(transaction.fee)
    output.append(",\"feeCurrency\":")
    output.appendString(transaction.feeCurrencyOrDefault)
    output.append(",\"note\":")
    string(transaction.note)
    output.append(",\"realizedPnl\":")
    figure(realized(gain, in: transaction.priceCurrency))
    output.append(",\"wallet\":")
    output.appendString(transaction.wallet)
    output.append(",\"movedFrom\":")
    string(transaction.movedFrom)
    output.append(",\"provenance\":")
    ProvenanceText.append(provenance(of: transaction), to: &output)
    output.append("}")
  }
}
