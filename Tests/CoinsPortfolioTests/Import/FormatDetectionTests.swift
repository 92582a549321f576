import CoinsImport
import CoinsModel
import Testing

/// The registry: the header found past preamble lines, by content or forced with `--format`,
/// with `,` or `;`; a file it cannot place is refused with what it expected.
@Suite struct FormatDetectionTests {
  @Test func everyFixtureIsRecognisedByItsHeader() throws {
    let expected: [(String, String, String)] = [
      ("coins_own_loose_header.csv", "coins", "v1"),
      ("coinbase_v4_cp1252_preamble.csv", "coinbase", "v4"),
      ("coinbase_v4_2025_bom_addresses.csv", "coinbase", "v4"),
      ("coinbase_v3_bom_preamble.csv", "coinbase", "v3"),
      ("coinbase_v3_2021_nopreamble.csv", "coinbase", "v3 (2021)"),
      ("coinbase_v1_eur_columns.csv", "coinbase", "v1"),
      ("coinbasepro_account.csv", "coinbase-pro", "account"),
      ("coinbasepro_fills.csv", "coinbase-pro", "fills"),
      ("kraken_ledgers_v1_crlf.csv", "kraken", "ledgers v1"),
      ("kraken_ledgers_v2_wallet.csv", "kraken", "ledgers v2"),
      ("kraken_ledgers_v3_quoted.csv", "kraken", "ledgers v3"),
      ("kraken_trades_v1_extra_fields.csv", "kraken", "trades v1"),
      ("binance_statement_userid.csv", "binance", "statement"),
      ("binance_statement_2021_bom.csv", "binance", "statement (2021)"),
      ("binance_statement_es_2digit_years.csv", "binance", "statement (es)"),
      ("binance_spot_wrapped_rows.csv", "binance", "trade history"),
      ("binance_spot_semicolon_quantity.csv", "binance", "trade history (Quantity)"),
      ("binance_spot_cz.csv", "binance", "trade history (cs)"),
      ("binance_spot_es.csv", "binance", "trade history (es)"),
      ("binance_spot_xlsx_layout.csv", "binance", "trade history (xlsx)"),
      ("cointracking_trade_list_bom.csv", "cointracking", "trade list"),
      ("koinly_universal.csv", "koinly", "universal"),
      ("koinly_simple_crlf.csv", "koinly", "simple"),
      ("cryptocom_app_bom.csv", "cryptocom", "app"),
      ("kucoin_2019.csv", "kucoin", "trades (2019)"),
      ("kucoin_2022_short.csv", "kucoin", "trades (2022)"),
      ("kucoin_2022_full.csv", "kucoin", "trades (2022, full)"),
      ("kucoin_2023_filled_orders.csv", "kucoin", "filled orders (2023)"),
      ("bitstamp_v1_crlf.csv", "bitstamp", "v1"),
      ("bitstamp_v2.csv", "bitstamp", "v2"),
    ]
    for (file, format, version) in expected {
      let result = try ImportFixture.read(file)
      #expect((result.format, result.version) == (format, version), "\(file)")
    }
  }

  @Test func theHeaderIsFoundBelowAPreamble() throws {
    #expect(try ImportFixture.read("coinbase_v3_bom_preamble.csv").headerLine == 8)
    #expect(try ImportFixture.read("coinbase_v4_cp1252_preamble.csv").headerLine == 5)
    let padded = ",,,,\nTransactions,,,,\n\ndate,type,coin,amount\n2026-01-01,buy,btc,1\n"
    let result = try ImportFixture.read(text: padded)
    #expect(result.headerLine == 4 && result.rowsRead == 1)
  }

  @Test func aForcedFormatIsTheOnlyOneTried() throws {
    let kraken = try #require(ImportFormat.named("Kraken"))
    let bytes = try ImportFixture.bytes("kraken_trades_v1_extra_fields.csv")
    #expect(try ImportReader.read(bytes, format: kraken).format == "kraken")
    let coinbase = try #require(ImportFormat.named("coinbase"))
    #expect(throws: ImportError.self) { try ImportReader.read(bytes, format: coinbase) }
    #expect(ImportFormat.named("nope") == nil)
    #expect(ImportFormat.all.map(\.id).count == Set(ImportFormat.all.map(\.id)).count)
  }

  @Test func aFileNoFormatKnowsIsRefusedNamingTheFormats() throws {
    let message = try #require(ImportFixture.failure("name,colour\nsun,yellow\n"))
    #expect(message.hasPrefix("line 1: no known header in the first 20 rows (formats: coinbase,"))
    let twentyFirst = String(repeating: "preamble\n", count: 20) + "date,type,coin,amount\n"
    #expect(ImportFixture.failure(twentyFirst) != nil)
    #expect(ImportFixture.failure("") != nil)
  }

  /// An .xlsx (a zip: `PK`) is not read; the message says how to save it as CSV.
  @Test func aSpreadsheetIsRefusedSayingHowToSaveItAsCSV() {
    #expect(
      ImportFixture.failure("PK\u{3}\u{4}rest of a zip")
        == "line 1: this is a spreadsheet (.xlsx), not CSV; open it and save its first sheet "
        + "as CSV (UTF-8), then import that file")
  }

  @Test func aBadCellIsNamedByLineAndColumnAndNothingIsReturned() {
    let text =
      "UTC_Time,Account,Operation,Coin,Change,Remark\n"
      + "2021-05-01 07:00:00,Spot,Deposit,ADA,10,\n2021-05-01 08:00:00,Spot,Deposit,ADA,1O,\n"
    #expect(ImportFixture.failure(text) == "line 3, column Change: '1O' is not a number")
    let date = "date,type,coin,amount\n2026-13-01,buy,btc,1\n"
    #expect(
      ImportFixture.failure(date)
        == "line 2, column date: '2026-13-01' is not a date and time such as 2024-03-01 14:30:00")
    let quote = "date,type,coin,amount\n2026-01-01,buy,\"btc,1\n"
    #expect(ImportFixture.failure(quote) == "line 2: a quoted cell is never closed")
  }

  @Test func skippedRowsAreCountedByReason() throws {
    let result = try ImportFixture.read("kraken_ledgers_v1_crlf.csv")
    #expect(
      result.skipCounts == [
        SkipCount(reason: .notYetCredited, count: 2), SkipCount(reason: .internalMove, count: 2),
        SkipCount(reason: .money, count: 1),
        SkipCount(reason: .unknownType("adjustment"), count: 1),
      ])
  }
}
