import Foundation
import Testing

@testable import CoinsModel

@Suite struct TransactionCSVTests {
  typealias F = LedgerFixtures

  static let header = "date,type,coin,amount,price,currency,fee,feeCurrency,note,id"

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
      TransactionCSV.render(try portfolio()) == """
        \(Self.header)
        2026-01-02T00:00:00.000Z,buy,bitcoin,1.5,100,eur,2,,,1
        2026-01-03T00:00:00.000Z,in,ethereum,3,,,,,"'=HYPERLINK(""x""), staking",2
        2026-01-04T00:00:00.000Z,sell,bitcoin,0.5,150,usd,,,,3

        """)
  }

  @Test func exportThenImportIntoAnEmptyPortfolioGivesTheSameBytes() throws {
    let text = TransactionCSV.render(try portfolio())
    var empty = Portfolio()
    let outcome = try PortfolioImport.apply(try TransactionCSV.parse(text), to: &empty)
    #expect(outcome == .init(added: 3, alreadyThere: 0))
    #expect(TransactionCSV.render(empty) == text)
    #expect(empty.holding(id: "ethereum")?.transactions[0].note == "=HYPERLINK(\"x\"), staking")
  }

  @Test func importingTwiceAddsNothingAndIdenticalRowsStayTwo() throws {
    let text = """
      date,type,coin,amount,price
      2026-01-01,buy,bitcoin,1,10
      2026-01-01,buy,bitcoin,1,10
      2026-01-02,buy,bitcoin,1,10

      """
    var portfolio = Portfolio()
    let rows = try TransactionCSV.parse(text)
    #expect(try PortfolioImport.apply(rows, to: &portfolio) == .init(added: 3, alreadyThere: 0))
    #expect(try PortfolioImport.apply(rows, to: &portfolio) == .init(added: 0, alreadyThere: 3))
    #expect(portfolio.holding(id: "bitcoin")?.amount == 3)
    // A file with one more identical row adds just that one.
    let more = try TransactionCSV.parse(text + "2026-01-01,buy,bitcoin,1,10\n")
    #expect(try PortfolioImport.apply(more, to: &portfolio) == .init(added: 1, alreadyThere: 3))
    #expect(portfolio.holding(id: "bitcoin")?.transactions.map(\.id) == ["1", "2", "3", "4"])
  }

  @Test(arguments: [
    (
      "2026-01-01,buy,bitcoin,x,10",
      "line 3, column amount: 'x' is not a positive decimal number such as 0.5"
    ),
    (
      "2026-01-01,swap,bitcoin,1,10", "line 3, column type: 'swap' is not one of buy, sell, in, out"
    ),
    (
      "01/02/2026,buy,bitcoin,1,10",
      "line 3, column date: '01/02/2026' is not a date such as 2026-03-01 or 2026-03-01T14:30:00Z"
    ),
    (
      "2026-01-01,buy,bit coin,1,10",
      "line 3, column coin: 'bit coin' is not a CoinGecko id such as bitcoin"
    ),
    (
      "2026-01-01,buy,bitcoin,1,1e3",
      "line 3, column price: '1e3' is not a decimal number such as 0.5"
    ),
    ("2026-01-01,buy,bitcoin,1", "line 3: 4 fields where the header has 5"),
    (
      "2026-01-01,sell,bitcoin,5,10",
      "line 3, column amount: a sell of 5 bitcoin takes out more than the 1 held at its date"
    ),
    ("2026-01-01,buy,\"bitcoin,1,10", "line 3: not CSV: a quoted field is never closed"),
  ])
  func aBadRowIsNamedByLineAndColumnAndNothingChanges(row: String, message: String) throws {
    let text = "date,type,coin,amount,price\n2025-12-31,buy,bitcoin,1,10\n\(row)\n"
    var portfolio = Portfolio()
    do {
      let rows = try TransactionCSV.parse(text)
      _ = try PortfolioImport.apply(rows, to: &portfolio)
      Issue.record("accepted \(row)")
    } catch {
      #expect(error.message == message)
    }
    #expect(portfolio == Portfolio())
  }

  @Test func theHeaderMustNameTheRequiredColumnsAndNoOthers() {
    #expect(throws: ImportError.self) { try TransactionCSV.parse("date,type,coin\n") }
    #expect(throws: ImportError.self) { try TransactionCSV.parse("date,type,coin,amount,cost\n") }
    #expect(throws: ImportError.self) { try TransactionCSV.parse("") }
  }

  @Test func theFormulaGuardIsUndoneExactlyOnce() {
    for text in ["=1+1", "+x", "-5", "@me", "'=x", "''@", "plain", "'quoted'", ""] {
      #expect(CSVField.decode(CSVField.encode(text).trimmingCharacters(in: ["\""])) == text)
    }
    #expect(CSVField.encode("=1+1") == "'=1+1")
    #expect(CSVField.decode("'=1+1") == "=1+1")
    #expect(CSVField.decode("'plain") == "'plain")
  }

  @Test func readerHandlesQuotesCRLFAndABOM() throws {
    let rows = try CSVReader.rows("\u{FEFF}a,\"b,\"\"c\"\"\"\r\n\r\n\"multi\nline\",d\n")
    #expect(rows.map(\.line) == [1, 3])
    #expect(rows.map(\.fields) == [["a", "b,\"c\""], ["multi\nline", "d"]])
  }
}
