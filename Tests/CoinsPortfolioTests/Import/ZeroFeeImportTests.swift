import CoinsImport
import Testing

/// A zero fee needs no currency: trackers' exports write `0.00000000` beside an empty fee
/// currency, and such a row is read as having no fee, never refused. A fee that is not zero
/// still needs its currency.
@Suite struct ZeroFeeImportTests {
  @Test func koinlyZeroFeeWithoutCurrency() throws {
    let text = """
      Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash
      2025-01-24T10:00:00.000Z,100,EUR,0.001,BTC,0.00000000,,,,,,

      """
    let result = try ImportFixture.read(text: text)
    expectEvents(
      result.events,
      [
        event(
          2, "2025-01-24T10:00:00Z", .buy(coin: coin("0.001", "BTC"), money: money("100", "EUR")))
      ])
  }

  @Test func koinlyFeeWithoutCurrencyIsStillRefused() {
    let text = """
      Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash
      2025-01-24T10:00:00.000Z,100,EUR,0.001,BTC,0.5,,,,,,

      """
    #expect(
      ImportFixture.failure(text)
        == "line 2, column Fee Currency: is empty, expected the currency of the fee amount")
  }

  @Test func coinTrackingZeroFeeWithoutCurrency() throws {
    let text = """
      "Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date","Tx-ID"
      "Trade","0.01000000","BTC","95.00000000","EUR","0.00000000","","Kraken","","","21.09.2019 14:30:00","ct-0002"

      """
    let result = try ImportFixture.read(text: text)
    expectEvents(
      result.events,
      [
        event(
          2, "2019-09-21T14:30:00Z", .buy(coin: coin("0.01", "BTC"), money: money("95", "EUR")),
          id: "ct-0002")
      ])
  }

  @Test func bittyTaxZeroFeeWithoutAsset() throws {
    let text = """
      Type,Buy Quantity,Buy Asset,Buy Value in GBP,Sell Quantity,Sell Asset,Sell Value in GBP,Fee Quantity,Fee Asset,Fee Value in GBP,Wallet,Timestamp,Note
      Trade,0.1,BTC,,500,GBP,,0.00000000,,,,2020-01-02 10:00:00,

      """
    let result = try ImportFixture.read(text: text)
    expectEvents(
      result.events,
      [
        event(
          2, "2020-01-02T10:00:00Z", .buy(coin: coin("0.1", "BTC"), money: money("500", "GBP")))
      ])
  }
}
