import CoinsImport
import Testing

/// Dates and numbers are read the way their whole column is written, never cell by cell.
@Suite struct ColumnConventionsTests {
  private static let krakenTrades =
    "txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n"

  private func trade(_ id: Int, _ time: String) -> String {
    "T\(id),O\(id),XXBTZEUR,\(time),buy,market,8000,80,0.2,0.01,0,,L\(id)\n"
  }

  /// `13/02/20` can only be day first, so `04/02/20` in the same column is 4 February too
  /// (month first, as slashes were read before, it would have been 2 April).
  @Test func aRowThatCanOnlyBeDayFirstDecidesTheColumn() throws {
    let text = Self.krakenTrades + trade(1, "04/02/20 3:04 PM") + trade(2, "13/02/20 9:00 AM")
    let result = try ImportFixture.read(text: text)
    #expect(
      result.events.map(\.date) == [utc("2020-02-04T15:04:00Z"), utc("2020-02-13T09:00:00Z")])
  }

  /// Spaces, a tab or a byte-order mark around a date do not hide it from the column's
  /// decision: `13/02/20` still makes the column day first, so `04/02/20` is 4 February.
  @Test func aDateWithSpacesOrAByteOrderMarkAroundItStillDecidesTheColumn() throws {
    let text =
      Self.krakenTrades + trade(1, " 04/02/20 3:04 PM ") + trade(2, "\u{FEFF}13/02/20 9:00 AM\t")
    let result = try ImportFixture.read(text: text)
    #expect(
      result.events.map(\.date) == [utc("2020-02-04T15:04:00Z"), utc("2020-02-13T09:00:00Z")])
  }

  @Test func aColumnNoRowDecidesIsAnErrorNamingARow() {
    let text = Self.krakenTrades + trade(1, "04/02/20 3:04 PM") + trade(2, "05/03/20 9:00 AM")
    #expect(
      ImportFixture.failure(text)
        == "line 2, column time: '04/02/20 3:04 PM' could be month first or day first, and no "
        + "row of the file tells which")
  }

  @Test func rowsThatDisagreeAreAnErrorNamingTheRow() {
    let text = Self.krakenTrades + trade(1, "02/13/20 3:04 PM") + trade(2, "13/02/20 9:00 AM")
    #expect(
      ImportFixture.failure(text)
        == "line 3, column time: '13/02/20 9:00 AM' reads only day first, unlike the rows above "
        + "it (month first)")
  }

  /// Binance writes two-digit years first (its localised statement): `25-01-04` is
  /// 4 January 2025, as the format declares.
  @Test func binanceTwoDigitYearsAreYearFirst() throws {
    let text = """
      ID de usuario,Tiempo,Cuenta,Operación,Moneda,Cambio,Observación
      1,25-01-04 11:08:17,Spot,Deposit,BTC,0.5,

      """
    #expect(try ImportFixture.read(text: text).events.map(\.date) == [utc("2025-01-04T11:08:17Z")])
  }

  private static let statement = "UTC_Time;Account;Operation;Coin;Change;Remark\n"

  /// A `;` file whose Change column writes decimal commas (`0,01234567`, `1.234,5`).
  @Test func aColumnOfDecimalCommas() throws {
    let text =
      Self.statement + "2022-01-12 00:00:01;Earn;Simple Earn Flexible Interest;USDT;0,01234567;\n"
      + "2022-01-13 00:00:01;Spot;Deposit;DOGE;1.234,5;\n"
    expectEvents(
      try ImportFixture.read(text: text).events,
      [
        event(2, "2022-01-12T00:00:01Z", .income(coin("0.01234567", "USDT"), .interest)),
        event(3, "2022-01-13T00:00:01Z", .deposit(coin("1234.5", "DOGE"))),
      ])
  }

  @Test func aColumnOfCommasAndPointsIsAnError() {
    let text =
      Self.statement + "2022-01-12 00:00:01;Spot;Deposit;BTC;0,5;\n"
      + "2022-01-13 00:00:01;Spot;Deposit;BTC;0.25;\n"
    #expect(
      ImportFixture.failure(text)
        == "line 3, column Change: '0.25' writes its decimals unlike the rows above it (a comma "
        + "in one, a point in another)")
  }

  @Test func aCommaNoRowExplainsIsAnError() {
    let text = Self.statement + "2022-01-12 00:00:01;Spot;Deposit;DOGE;1,234;\n"
    #expect(
      ImportFixture.failure(text)
        == "line 2, column Change: '1,234' could be a decimal comma or a thousands comma, and no "
        + "row of the file tells which")
  }
}
