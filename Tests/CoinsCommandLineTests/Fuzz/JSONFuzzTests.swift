import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Random and mutated documents for every JSON reader `coins` has: no crash, only its typed
/// errors, and what parses writes back to the same value.
@Suite struct JSONFuzzTests {
  static let documents: [String] = [
    #"{"version": 1, "holdings": [{"id": "bitcoin", "lots": [{"amount": "0.5", "cost": "42000", "costCurrency": "usd", "date": "2026-11-29T14:00:00.000Z"}]}]}"#,
    #"{"a": [1, -0.5, 1e10, true, false, null, "x\u00e9\n\"", {"b": []}], "c": {}}"#,
    #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":50000,"market_cap":1e12,"market_cap_rank":1,"total_volume":null,"price_change_percentage_24h_in_currency":-1.5,"sparkline_in_7d":{"price":[1,2,3.5]}}]"#,
    #""\ud83d\ude80 \u4e2d""#, "[[[[[[[[[[]]]]]]]]]]", "-12.5e-3", "{}",
  ]

  @Test func parserSurvivesRandomBytesAndRoundTripsWhatItAccepts() {
    var random = SeededRandom(seed: FuzzBudget.seed)
    for _ in 0..<FuzzBudget.iterations(standard: 3000) {
      let bytes = FuzzMutator.randomBytes(&random)
      Self.checkParser(bytes)
    }
  }

  @Test func parserSurvivesMutatedDocumentsAndRoundTripsWhatItAccepts() {
    var random = SeededRandom(seed: FuzzBudget.seed &+ 1)
    for _ in 0..<FuzzBudget.iterations(standard: 3000) {
      let bytes = FuzzMutator.mutate(Array(random.pick(Self.documents).utf8), &random)
      Self.checkParser(bytes)
    }
  }

  @Test func parserRefusesDeepNestingWithAnError() {
    for depth in [255, 256, 257, 10_000, 100_000] {
      let bytes =
        Array(String(repeating: "[", count: depth).utf8)
        + Array(String(repeating: "]", count: depth).utf8)
      do {
        _ = try JSONValueParser.parse(bytes)
        #expect(depth <= JSONValueParser.maxDepth, "depth \(depth) accepted")
      } catch {
        #expect(error.reason.contains("too deep"), "depth \(depth): \(error.description)")
      }
    }
  }

  @Test func marketsDecoderSurvivesMutatedBodies() {
    var random = SeededRandom(seed: FuzzBudget.seed &+ 2)
    let bodies = [Self.documents[2], Self.marketBody(rows: 3)]
    for _ in 0..<FuzzBudget.iterations(standard: 1500) {
      let bytes =
        random.below(8) == 0
        ? FuzzMutator.randomBytes(&random)
        : FuzzMutator.mutate(Array(random.pick(bodies).utf8), &random)
      do {
        let coins = try MarketsDecoder.decode(Data(bytes))
        #expect(coins.count <= bytes.count, "seed input \(FuzzMutator.hex(bytes))")
      } catch {
        guard case .undecodable(let excerpt) = error else {
          Issue.record("unexpected \(error) for \(FuzzMutator.hex(bytes))")
          continue
        }
        #expect(
          fuzzRawControls(in: excerpt).isEmpty, "raw bytes in excerpt for \(FuzzMutator.hex(bytes))"
        )
      }
    }
  }

  @Test func portfolioStoreSurvivesMutatedFilesAndKeepsThemByteForByte() throws {
    try Self.fuzzPortfolioStore(exactRewrite: false)
  }

  @Test
  func portfolioRewriteKeepsEveryLoadedValueExactly() throws {
    try Self.fuzzPortfolioStore(exactRewrite: true)
  }

  /// Mutated portfolio files through ``PortfolioStore``: a typed error and the file kept, or
  /// a portfolio that survives a rewrite (exactly, when `exactRewrite`).
  private static func fuzzPortfolioStore(exactRewrite: Bool) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = PortfolioStore(url: folder.appendingPathComponent("portfolio.json"))
    let seeds = [
      Self.documents[0],
      #"{"version": 1, "owner": "me", "holdings": [{"id": "ethereum", "note": [1, {"x": null}], "lots": [{"amount": 2, "cost": null, "fee": 0.1}, {"amount": "0.000000000000000001", "costCurrency": "EUR", "cost": "1e3"}]}]}"#,
      #"{"version": 2, "holdings": [{"id": "bitcoin", "transactions": [{"id": "4", "type": "buy", "amount": "2", "price": "10", "fee": "0.5", "note": "x"}, {"type": "sell", "amount": "1.5", "price": "12", "currency": "EUR", "date": "2026-03-01"}]}]}"#,
      #"{"version": 3, "holdings": []}"#,
    ]
    var random = SeededRandom(seed: FuzzBudget.seed &+ 3)
    for _ in 0..<FuzzBudget.iterations(standard: 800) {
      let bytes = FuzzMutator.mutate(Array(random.pick(seeds).utf8), &random)
      try Data(bytes).write(to: store.url)
      do {
        let portfolio = try store.load()
        // What loads survives a rewrite unchanged.
        try store.update { _ in }
        let reloaded = try store.load()
        expectEqual(reloaded.holdings.map(\.id), portfolio.holdings.map(\.id))
        expectEqual(reloaded.holdings.map(\.amount), portfolio.holdings.map(\.amount))
        if exactRewrite {
          #expect(reloaded == portfolio, "rewrite changed \(FuzzMutator.hex(bytes, limit: 512))")
        }
      } catch let error as PortfolioError {
        switch error {
        case .corrupt, .corruptWithBackup, .newerVersion:
          #expect(try Data(contentsOf: store.url) == Data(bytes), "file changed by a failed load")
          #expect(fuzzRawControls(in: error.message).isEmpty, "raw bytes in \(error.message)")
        default:
          Issue.record("unexpected \(error) for \(FuzzMutator.hex(bytes))")
        }
      }
    }
  }

  /// Parses `bytes`; accepted documents must write back to the same value.
  private static func checkParser(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      let value = try JSONValueParser.parse(bytes)
      let written = JSONValueWriter.write(value)
      let again = try? JSONValueParser.parse(Array(written.utf8))
      #expect(
        again == value, "round trip of \(FuzzMutator.hex(bytes))", sourceLocation: sourceLocation)
    } catch {
      #expect(error.line >= 1 && error.column >= 1, "\(error)", sourceLocation: sourceLocation)
      #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
    }
  }

  /// A `/coins/markets` body of `rows` coins with every field CoinGecko sends.
  private static func marketBody(rows: Int) -> String {
    let items = (1...rows).map { rank in
      """
      {"id":"coin-\(rank)","symbol":"c\(rank)","name":"Coin \(rank) 币 🚀","image":"https://x/\(rank).png",\
      "current_price":\(1000.5 / Double(rank)),"market_cap":\(rank * 1_000_000),"market_cap_rank":\(rank),\
      "fully_diluted_valuation":null,"total_volume":12345.678,"high_24h":1,"low_24h":0.5,\
      "price_change_24h":-0.1,"price_change_percentage_24h":-1.2,"circulating_supply":19800000.0,\
      "ath":69000,"ath_date":"2021-11-10T14:24:11.849Z","roi":null,"last_updated":"2026-11-29T14:00:00.000Z",\
      "sparkline_in_7d":{"price":[1,2.5,null,3e2]},"price_change_percentage_1h_in_currency":0.01,\
      "price_change_percentage_24h_in_currency":-1.2,"price_change_percentage_7d_in_currency":5}
      """
    }
    return "[" + items.joined(separator: ",") + "]"
  }
}
