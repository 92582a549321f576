import CoinsImport
import Testing

@Suite struct CoinsCSVImportTests {
  @Test func readsHeaderNamesInAnyCaseAndSpacing() throws {
    let result = try ImportFixture.read("coins_own_loose_header.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2026-01-01T00:00:00Z", .buy(coin: coin("0.1", "btc"), money: money("9000", "USD")),
          fees: [fee(money("5", "USD"), .money)], id: "a1", note: "first buy"),
        event(
          3, "2026-01-02T10:30:00Z",
          .sell(coin: coin("0.05", "bitcoin"), money: money("4750", "EUR"))),
        event(
          4, "2026-01-03T00:00:00Z", .deposit(coin("2", "eth")), value: money("6000", "USD"),
          note: "staking"),
        event(5, "2026-01-04T00:00:00Z", .withdrawal(coin("0.5", "eth"))),
      ])
    #expect(result.skipped.isEmpty)
  }

  @Test func underscoredNamesAndAFormulaGuardedNote() throws {
    let text = "DATE,TYPE,COIN,AMOUNT,fee_currency,fee,NOTE\n2026-02-01,buy,sol,1,eur,0.5,'=1+1\n"
    let result = try ImportFixture.read(text: text)
    expectEvents(
      result.events,
      [
        event(
          2, "2026-02-01T00:00:00Z", .buy(coin: coin("1", "sol"), money: nil),
          fees: [fee(money("0.5", "EUR"), .money)], note: "=1+1")
      ])
  }

  @Test func aBadTypeOrAmountIsRefused() {
    #expect(
      ImportFixture.failure("date,type,coin,amount\n2026-01-01,swap,btc,1\n")
        == "line 2, column type: 'swap' is not one of buy, sell, in, out")
    #expect(
      ImportFixture.failure("date,type,coin,amount\n2026-01-01,buy,btc,-1\n")
        == "line 2, column amount: '-1' is not a positive number such as 0.5")
  }
}
