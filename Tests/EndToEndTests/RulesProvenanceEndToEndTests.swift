import Foundation
import Testing

/// `gains --rules uk|de --json` say how each sale's and (for Germany) each lot's figures were
/// priced and converted, as US gains do (issue 42); through the built binary against the
/// loopback fake (today $1 = £0.8 = €0.9; no rate of 2017's, so 2017's fees in dollars go at
/// today's rate; each portfolio has a later buy in dollars, which no 2017 sale takes, as with
/// 2017's days alone no rate is had at all).
@Suite(.spawnsProcesses) struct RulesProvenanceEndToEndTests {
  static func start(_ transactions: String) async throws -> (FakeCoinGecko, CoinsBinary, String) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    let path = coins.home.path + "/rules.json"
    let text =
      #"{"version": 3, "holdings": [{"id": "bitcoin", "transactions": ["# + transactions
      + "]}]}\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (fake, coins, path)
  }

  static let given = #"{"pricing":"given","source":null,"conversion":null}"#

  /// `{"from","to","rate","source":"today","rateDate":<today>}`.
  static func today(_ from: String, _ to: String, _ rate: String) -> String {
    #"{"from":"\#(from)","to":"\#(to)","rate":\#(rate),"source":"today","#
      + #""rateDate":"\#(ProvenanceEndToEndTests.today)"}"#
  }

  @Test func aUKDisposalCarriesOneProvenancePerSale() async throws {
    // 1 bought for £1,000; on 1 June 2017 0.5 sold at £2,000 with a $10 fee, 0.25 at £2,400.
    let (fake, coins, path) = try await Self.start(
      """
      {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "gbp", "date": "2017-03-01T00:00:00.000Z", "priceSource": "coingecko"},
      {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "gbp", "fee": "10", "feeCurrency": "usd", "date": "2017-06-01T12:00:00.000Z"},
      {"id": "3", "type": "sell", "amount": "0.25", "price": "2400", "currency": "gbp", "date": "2017-06-01T13:00:00.000Z"},
      {"id": "9", "type": "buy", "amount": "0.1", "price": "50000", "currency": "usd", "date": "2026-10-01T00:00:00.000Z"}
      """)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(
      ["portfolio", "gains", "--rules", "uk", "--year", "2017", "--json", "--file", path])
    #expect(result.status == 0, "\(result.stderr)")
    // One disposal of 0.75 for £1,000 + £600 = £1,600; the fee $10 × 0.8 = £8; the pool's
    // £1,000 for 1 gives 0.75 a cost of £750: allowable £758, gain £842.
    let fee = Self.today("usd", "gbp", "0.8")
    let provenance =
      #"[{"pricing":"given","source":null,"conversion":null,"feeConversion":\#(fee)},"#
      + Self.given + "]"
    #expect(
      result.stdout.contains(
        #""disposals":[{"date":"2017-06-01","coin":"bitcoin","amount":0.75,"proceeds":1600,"#
          + #""fees":8,"allowableCosts":758,"gain":842,"ids":["2","3"],"#
          + #""provenance":\#(provenance),"matches":[{"rule":"section-104","amount":0.75,"#
          + #""cost":750,"acquired":null}]}]"#), "\(result.stdout)")
    // The text report is as it was: no provenance in it.
    let text = try await coins.run(
      ["portfolio", "gains", "--rules", "uk", "--year", "2017", "--file", path])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(!text.stdout.contains("given") && !text.stdout.contains("today"), "\(text.stdout)")
  }

  @Test func aGermanSaleAndItsLotCarryTheirProvenance() async throws {
    // 1 bought at €1,000 (CoinGecko's day price) with a $10 fee; 0.5 sold at €2,000.
    let (fake, coins, path) = try await Self.start(
      """
      {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "eur", "fee": "10", "feeCurrency": "usd", "date": "2017-03-01T12:00:00.000Z", "priceSource": "coingecko"},
      {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "eur", "date": "2017-06-01T12:00:00.000Z"},
      {"id": "9", "type": "buy", "amount": "0.1", "price": "50000", "currency": "usd", "date": "2026-10-01T00:00:00.000Z"}
      """)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(
      ["portfolio", "gains", "--rules", "de", "--year", "2017", "--json", "--file", path])
    #expect(result.status == 0, "\(result.stderr)")
    // The fee $10 × 0.9 = €9: the lot costs 0.5 × (€1,000 + €9) = €504.50, brings €1,000:
    // gain €495.50, held 92 days (taxable).
    let lot =
      #"{"pricing":"dayPrice","source":"coingecko","conversion":null,"feeConversion":"#
      + Self.today("usd", "eur", "0.9") + "}"
    #expect(
      result.stdout.contains(
        #""sales":[{"id":"2","date":"2017-06-01","coin":"bitcoin","wallet":"default","#
          + #""amount":0.5,"provenance":\#(Self.given),"lots":[{"acquired":"2017-03-01","#
          + #""amount":0.5,"proceeds":1000,"cost":504.5,"gain":495.5,"daysHeld":92,"#
          + #""taxFree":false,"provenance":\#(lot)}]}]"#), "\(result.stdout)")
  }
}
