import CoinsImport
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// coins' own CSV: written by `export --csv`, read back by the one reader every format has
/// (`CoinsImport`'s), its `coin` taken as the id it names here.
@Suite struct TransactionCSVTests {
  typealias F = LedgerFixtures

  /// The rows of coins' own CSV `text`, as `portfolio import` makes them.
  static func parse(_ text: String) throws(ImportError) -> [ImportRow] {
    let result = try ImportReader.read(Array(text.utf8), format: ImportFormat.named("coins"))
    var coins: [String: String] = [:]
    for event in result.events {
      switch event.action {
      case .buy(let coin, _), .sell(let coin, _), .deposit(let coin), .withdrawal(let coin):
        coins[coin.asset.code.uppercased()] = coin.asset.code.lowercased()
      default: break
      }
    }
    return ImportPlanner.plan(
      result, coins: coins, prices: DailyPrices(), wallet: Transaction.defaultWallet, ownCSV: true
    ).rows
  }

  static let header =
    "date,type,coin,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom"

  /// What the export writes: every member, the coin as its CoinGecko id.
  static let exportHeader =
    "date,type,coinId,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom,income,"
    + "costUnknown,exchangeId,priceSource"

  private func portfolio() throws -> Portfolio {
    var portfolio = Portfolio()
    try portfolio.record(F.tx(.buy, "1.5", at: "100", "eur", fee: "2", on: "01-02"), to: "bitcoin")
    var note = F.tx(.transferIn, "3", on: "01-03")
    note.note = "=HYPERLINK(\"x\"), staking"
    try portfolio.record(note, to: "ethereum")
    try portfolio.record(F.tx(.sell, "0.5", at: "150", "usd", on: "01-04"), to: "bitcoin")
    return portfolio
  }

  @Test func exportWritesEveryTransactionDefused() throws {
    #expect(
      TransactionCSV.render(try portfolio(), spread: OneCore()) == """
        \(Self.exportHeader)
        2026-01-02T00:00:00.000Z,buy,bitcoin,1.5,100,eur,2,,,1,default,,,,,
        2026-01-03T00:00:00.000Z,in,ethereum,3,,,,,"'=HYPERLINK(""x""), staking",2,default,,,,,
        2026-01-04T00:00:00.000Z,sell,bitcoin,0.5,150,usd,,,,3,default,,,,,

        """)
  }

  @Test func exportThenImportIntoAnEmptyPortfolioGivesTheSameBytes() throws {
    let text = TransactionCSV.render(try portfolio(), spread: OneCore())
    var empty = Portfolio()
    let outcome = try PortfolioImport.apply(try Self.parse(text), to: &empty)
    expectEqual(outcome, .init(added: 3, alreadyThere: 0))
    expectEqual(TransactionCSV.render(empty, spread: OneCore()), text)
    expectEqual(empty.holding(id: "ethereum")?.transactions[0].note, "=HYPERLINK(\"x\"), staking")
  }

  @Test func importingTwiceAddsNothingAndIdenticalRowsStayTwo() throws {
    let text = """
      date,type,coin,amount,price
      2026-01-01,buy,bitcoin,1,10
      2026-01-01,buy,bitcoin,1,10
      2026-01-02,buy,bitcoin,1,10

      """
    var portfolio = Portfolio()
    let rows = try Self.parse(text)
    try expectEqual(PortfolioImport.apply(rows, to: &portfolio), .init(added: 3, alreadyThere: 0))
    try expectEqual(PortfolioImport.apply(rows, to: &portfolio), .init(added: 0, alreadyThere: 3))
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, 3)
    // A file with one more identical row adds just that one.
    let more = try Self.parse(text + "2026-01-01,buy,bitcoin,1,10\n")
    try expectEqual(PortfolioImport.apply(more, to: &portfolio), .init(added: 1, alreadyThere: 3))
    expectEqual(portfolio.holding(id: "bitcoin")?.transactions.map(\.id), ["1", "2", "3", "4"])
  }

  @Test(arguments: [
    ("2026-01-01,buy,bitcoin,x,10", "line 3, column amount: 'x' is not a number"),
    (
      "2026-01-01,swap,bitcoin,1,10", "line 3, column type: 'swap' is not one of buy, sell, in, out"
    ),
    (
      "2026-01-01,buy,bit coin,1,10",
      "line 3, column coin: 'bit coin' is not a coin such as bitcoin or btc"
    ),
    (
      "2026-01-01,sell,bitcoin,5,10",
      "line 3, column amount: a sell of 5 bitcoin takes out more than the 1 held at its date"
    ),
    ("2026-01-01,buy,\"bitcoin,1,10", "line 3: a quoted cell is never closed"),
  ])
  func aBadRowIsNamedByLineAndColumnAndNothingChanges(row: String, message: String) throws {
    let text = "date,type,coin,amount,price\n2025-12-31,buy,bitcoin,1,10\n\(row)\n"
    var portfolio = Portfolio()
    do {
      let rows = try Self.parse(text)
      _ = try PortfolioImport.apply(rows, to: &portfolio)
      Issue.record("accepted \(row)")
    } catch {
      expectEqual(error.message, message)
    }
    expectEqual(portfolio, Portfolio())
  }

  @Test func theHeaderMustNameTheRequiredColumnsAndNoOthers() {
    #expect(throws: ImportError.self) { try Self.parse("date,type,coin\n") }
    #expect(throws: ImportError.self) { try Self.parse("date,type,coin,amount,cost\n") }
    #expect(throws: ImportError.self) { try Self.parse("") }
  }

  /// What the one reader takes that the old one refused: US dates, scientific notation, a
  /// row that leaves its last cells out.
  @Test func theReaderIsAsLenientAsForEveryFormat() throws {
    let rows = try Self.parse(
      "date,type,coin,amount,price\n01/02/2026,buy,bitcoin,1,1e3\n2026-01-03,buy,bitcoin,2\n")
    expectEqual(rows.map(\.transaction.price), [1000, nil])
    expectEqual(rows.first?.transaction.date, F.day("01-02"))
  }

  @Test func theFormulaGuardIsUndoneExactlyOnce() {
    for text in ["=1+1", "+x", "-5", "@me", "'=x", "''@", "plain", "'quoted'", ""] {
      expectEqual(CSVField.decode(CSVField.encode(text).trimmingCharacters(in: ["\""])), text)
    }
    expectEqual(CSVField.encode("=1+1"), "'=1+1")
    expectEqual(CSVField.decode("'=1+1"), "=1+1")
    expectEqual(CSVField.decode("'plain"), "'plain")
  }

  /// The export lists transactions in the order `history` does: at one second, a holding's own
  /// in the order entered (5, 7, then 3) and the other holding's (4, 6) between them by id.
  @Test func exportListsTransactionsInTheHistorysOrder() {
    func buy(_ id: String) -> Transaction {
      Transaction(
        id: id, kind: .buy, amount: 1, price: 10, currency: "usd",
        date: Date(timeIntervalSince1970: 1_704_186_000))
    }
    let portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", transactions: [buy("5"), buy("7"), buy("3")]),
      Holding(id: "ethereum", transactions: [buy("4"), buy("6")]),
    ])
    let rows = TransactionCSV.render(portfolio, spread: OneCore()).split(separator: "\n")
    #expect(
      rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[9] }
        == ["4", "5", "6", "7", "3"])
    #expect(rows[1] == "2024-01-02T09:00:00.000Z,buy,ethereum,1,10,usd,,,,4,default,,,,,")
  }
}
