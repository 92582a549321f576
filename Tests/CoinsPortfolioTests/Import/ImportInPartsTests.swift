import CoinsImport
import CoinsModel
import Testing

/// A large export is split into rows, its columns decided and its rows read in parts, one per
/// core: a small file cut into as many parts gives what one pass gives, wherever the cuts fall
/// (inside a quoted cell with line breaks, on a blank line, before a row that cannot be read).
@Suite struct ImportInPartsTests {
  /// Every piece of work cut into `count` runs, run one after another in this thread.
  private struct Cuts: WorkSpread {
    var count: Int

    func map<Item: Sendable, Result>(
      _ items: [Item], weight: (Item) -> Int, threshold: Int,
      _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
      items.map(transform)
    }

    func runs<Result>(
      of total: Int, threshold: Int, _ transform: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
      (0..<count).map { transform(total * $0 / count..<total * ($0 + 1) / count) }
    }
  }

  private static let kucoin =
    "tradeCreatedAt,orderId,symbol,side,price,size,funds,fee,liquidity,feeCurrency,orderType\n"

  /// A KuCoin 2022 row whose order id is quoted over three lines.
  private func fill(_ day: Int) -> String {
    "2022-03-0\(day) 08:00:00,\"O\(day)\n\nend\",BTC-USDT,buy,40000,0.01,400,0.4,taker,USDT,limit\n"
  }

  /// Six rows of three lines each (and a blank line after the third): on lines 2, 5, 8, 12,
  /// 15 and 18, whatever the number of parts; each a buy of 0.01 BTC for 400 USDT.
  @Test func rowsWithLineBreaksInQuotedCellsKeepTheirLinesAcrossCuts() throws {
    let text = Self.kucoin + (1...3).map(fill).joined() + "\n" + (4...6).map(fill).joined()
    for parts in 1...12 {
      let result = try ImportReader.read(Array(text.utf8), spread: Cuts(count: parts))
      #expect(result.events.map(\.line) == [2, 5, 8, 12, 15, 18], "\(parts) parts")
      #expect(result.rowsRead == 6)
      // Read as UTC+8: 08:00 is midnight UTC.
      #expect(result.events.last?.date == utc("2022-03-06T00:00:00Z"))
    }
  }

  /// Line 7's quoted cell is never closed: the error names it whichever part it falls in.
  @Test func aRowThatCannotBeSplitIsNamedByItsLine() {
    let rows = (1...5).map {
      "2022-03-0\($0) 08:00:00,O\($0),BTC-USDT,buy,40000,0.01,400,0.4,t,USDT,l\n"
    }
    let text = Self.kucoin + rows.joined() + "2022-03-06 08:00:00,\"O6,BTC-USDT\nbuy\n"
    for parts in 1...8 {
      #expect(
        failure(text, parts) == "line 7: a quoted cell is never closed", "\(parts) parts")
    }
  }

  /// A column decided over all its rows, wherever the cuts fall: `13/02/20` on line 3 makes
  /// Kraken's time column day first, so line 2's `04/02/20` is 4 February.
  @Test func aColumnIsDecidedByRowsInEveryPart() throws {
    let text =
      "txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n"
      + "T1,O1,XXBTZEUR,04/02/20 3:04 PM,buy,market,8000,80,0.2,0.01,0,,L1\n"
      + "T2,O2,XXBTZEUR,13/02/20 9:00 AM,buy,market,8000,80,0.2,0.01,0,,L2\n"
    for parts in 1...4 {
      let result = try ImportReader.read(Array(text.utf8), spread: Cuts(count: parts))
      #expect(
        result.events.map(\.date) == [utc("2020-02-04T15:04:00Z"), utc("2020-02-13T09:00:00Z")])
    }
  }

  /// Gemini's rows read in parts: the same events, skips and, for each asset, the balance of
  /// the latest row (USD 1000 − 400 − 1 + 210 − 0.74 = 808.26; BTC 0.1 − 0.05 − 0.01 − 0.0001
  /// = 0.0399; ETH 2; all on line 6).
  @Test func geminiBalancesAreTheLatestRowsWhateverThePart() throws {
    let bytes = try ImportFixture.bytes("gemini_history_saved_as_csv.csv")
    for parts in 1...6 {
      let result = try ImportReader.read(bytes, spread: Cuts(count: parts))
      #expect(result.events.map(\.line) == [3, 4, 5, 6, 6])
      #expect(result.skipped == skips((2, .money), (7, .restated)))
      #expect(
        result.statedBalances == [
          balance(.coin("BTC"), nil, "0.0399", 6, "2019-01-06T13:00:00Z"),
          balance(.coin("ETH"), nil, "2", 6, "2019-01-06T13:00:00Z"),
          balance(.money("USD"), nil, "808.26", 6, "2019-01-06T13:00:00Z"),
        ])
    }
  }

  private func failure(_ text: String, _ parts: Int) -> String? {
    do {
      _ = try ImportReader.read(Array(text.utf8), spread: Cuts(count: parts))
      return nil
    } catch {
      return error.message
    }
  }
}
