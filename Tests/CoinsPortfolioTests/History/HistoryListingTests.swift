import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// The order `coins portfolio history` lists transactions in (``HistoryListing``): by day, a
/// holding's own in the order entered, different holdings' by id; the same however the listing
/// is cut into parts.
@Suite struct HistoryListingTests {
  /// 2024-01-02T09:00:00Z, the second most transactions here share.
  static let second = Date(timeIntervalSince1970: 1_704_186_000)

  static func transaction(
    _ id: String, _ kind: TransactionKind = .buy, amount: Decimal = 1, price: Decimal = 10,
    at date: Date? = second, wallet: String = Transaction.defaultWallet
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: amount, price: price, currency: "usd", date: date,
      wallet: wallet)
  }

  static func ids(_ listing: HistoryListing) -> [String] {
    listing.entries.map(\.transaction.id)
  }

  /// At the same second: ids as numbers across holdings (4 before 5, 6 before 7), an id that is
  /// no number after them all; undated transactions before every dated one; the day before
  /// first, the day after last, whatever their ids.
  @Test func transactionsAtTheSameSecondGoByIdAcrossHoldings() {
    let dayBefore = Self.second.addingTimeInterval(-86_400)
    let dayAfter = Self.second.addingTimeInterval(86_400)
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Self.transaction("9", at: dayBefore), Self.transaction("5"),
          Self.transaction("7", .sell, price: 30), Self.transaction("1", at: dayAfter),
          Self.transaction("x", at: nil),
        ]),
      Holding(
        id: "ethereum",
        transactions: [
          Self.transaction("4"), Self.transaction("6"), Self.transaction("abc"),
          Self.transaction("y", at: nil),
        ]),
    ])
    let listing = HistoryListing(of: portfolio, spread: OneCore())
    expectEqual(Self.ids(listing), ["x", "y", "9", "4", "5", "6", "7", "abc", "1"])
    // The sale (7) takes the first coin held (x: undated, so first; at 10): 30 − 10 = 20.
    let sale = listing.entries.first { $0.transaction.id == "7" }
    expectEqual(sale?.realized?.gain, 20)
    expectEqual(sale?.coin, "bitcoin")
  }

  /// A holding whose ids do not rise in the order entered (5, 7, then 3, all at one second):
  /// its transactions keep the order entered, and the other holding's (4, 6) go between them
  /// by id where they can — 4 before 5, 6 before 7, and 3 after 7, its own holding's.
  @Test func aHoldingsOwnTransactionsKeepTheOrderEnteredAtTheSameSecond() {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [Self.transaction("5"), Self.transaction("7"), Self.transaction("3")]),
      Holding(id: "ethereum", transactions: [Self.transaction("4"), Self.transaction("6")]),
    ])
    #expect(
      Self.ids(HistoryListing(of: portfolio, spread: OneCore())) == ["4", "5", "6", "7", "3"])
    // With the same ids in a third holding first: on a tie of ids the holding added first.
    let again = Portfolio(
      holdings: [Holding(id: "solana", transactions: [Self.transaction("6")])]
        + portfolio.holdings)
    #expect(
      Self.ids(HistoryListing(of: again, spread: OneCore()))
        == ["4", "5", "6", "6", "7", "3"])
    #expect(
      HistoryListing(of: again, spread: OneCore()).entries
        .filter { $0.transaction.id == "6" }.map(\.coin) == ["solana", "ethereum"])
  }

  /// Three holdings of 20 transactions each, one a day for 20 days (ids 1 to 60, the holdings'
  /// interleaved): cut into 1 to 25 parts, every part holds whole days, and the parts one after
  /// another list what the whole listing lists, on one core or on every core.
  @Test func partsListTheWholeDaysOfTheListingInOrder() {
    let holdings = (0..<3).map { coin in
      Holding(
        id: "coin-\(coin)",
        transactions: (0..<20).map { day in
          Self.transaction(
            String(3 * day + coin + 1), at: Self.second.addingTimeInterval(Double(day) * 86_400))
        })
    }
    let listing = HistoryListing(of: Portfolio(holdings: holdings), spread: EveryCore())
    let expected = (1...60).map(String.init)
    expectEqual(Self.ids(listing), expected)
    for wanted in 1...25 {
      let parts = listing.parts(wanted)
      #expect(parts.count == min(wanted, 20), "\(wanted) parts wanted")
      var ids: [[String]] = []
      for part in parts {
        var partIDs: [String] = []
        listing.forEach(in: part) { _, transaction, _ in partIDs.append(transaction.id) }
        ids.append(partIDs)
      }
      #expect(ids.joined().map { $0 } == expected, "\(wanted) parts wanted")
      // Whole days: each part's count is a multiple of the 3 transactions a day.
      #expect(ids.allSatisfy { !$0.isEmpty && $0.count % 3 == 0 }, "\(wanted) parts wanted")
    }
    expectEqual(HistoryListing(of: Portfolio(holdings: []), spread: OneCore()).parts(4).count, 1)
  }

  /// Only one coin's, or one wallet's: the others' are left out, and a sale's gain is still
  /// its place among all its coin's sales (the cold wallet's sale takes the second coin bought,
  /// at 20: 50 − 20 = 30).
  @Test func aCoinOrAWalletListsItsOwnTransactionsWithTheirGains() {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Self.transaction("1", price: 10), Self.transaction("2", price: 20, wallet: "cold"),
          Self.transaction("3", .sell, price: 40),
          Self.transaction("5", .sell, price: 50, wallet: "cold"),
        ]),
      Holding(id: "ethereum", transactions: [Self.transaction("4", wallet: "cold")]),
    ])
    let cold = HistoryListing(of: portfolio, wallet: "cold", spread: OneCore())
      .entries
    expectEqual(cold.map(\.transaction.id), ["2", "4", "5"])
    expectEqual(cold.last?.realized?.gain, 30)
    let ethereum = HistoryListing(of: portfolio, coin: "ethereum", spread: OneCore())
    expectEqual(Self.ids(ethereum), ["4"])
  }

  /// 12,000 transactions, over the 10,000 from which the JSON is written in parts on every
  /// core: 6,000 days of one bitcoin buy and one ether buy each (ids 1 to 12,000 in that
  /// order), each object once, in order, the first without a comma before it.
  @Test func aLongHistorysJSONIsWrittenInPartsInOrder() throws {
    let holdings = ["bitcoin", "ethereum"].enumerated().map { coin, id in
      Holding(
        id: id,
        transactions: (0..<6_000).map { day in
          Self.transaction(
            String(2 * day + coin + 1), at: Self.second.addingTimeInterval(Double(day) * 86_400))
        })
    }
    let listing = HistoryListing(of: Portfolio(holdings: holdings), spread: EveryCore())
    let json = TransactionHistoryView.json(listing)
    #expect(json.hasPrefix(#"{"transactions":[{"id":"1","date":"2024-01-02T09:00:00.000Z","#))
    #expect(
      json.hasSuffix(#","provenance":{"pricing":"given","source":null,"conversion":null}}]}"#))
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let objects = document?["transactions"] as? [[String: Any]] ?? []
    expectEqual(objects.compactMap { $0["id"] as? String }, (1...12_000).map(String.init))
    expectEqual(objects[1]["coin"] as? String, "ethereum")
    expectEqual(objects[11_999]["date"] as? String, "2040-06-05T09:00:00.000Z")
  }
}
