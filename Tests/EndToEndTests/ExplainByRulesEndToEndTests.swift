import Foundation
import Testing

/// `coins portfolio explain --rules uk|de` through the built binary: a sale by HMRC's share
/// matching and by § 23 EStG, figures worked by hand and equal to `gains` by the same rules.
@Suite(.spawnsProcesses) struct ExplainByRulesEndToEndTests {
  /// HMRC-style: four BTC at £10,000 + £40 and two at £15,000 + £30 go into the pool; on
  /// 1 July 2024 one is bought at £20,000 + £20 and 3.5 sold at £25,000 − £75; 0.5 is bought
  /// back on 20 July at £18,000.
  static let british = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "4", "price": "10000", "currency": "gbp", "fee": "40", "date": "2024-01-10T12:00:00.000Z"},
    {"id": "2", "type": "buy", "amount": "2", "price": "15000", "currency": "gbp", "fee": "30", "date": "2024-03-15T12:00:00.000Z"},
    {"id": "3", "type": "buy", "amount": "1", "price": "20000", "currency": "gbp", "fee": "20", "date": "2024-07-01T09:00:00.000Z"},
    {"id": "4", "type": "sell", "amount": "3.5", "price": "25000", "currency": "gbp", "fee": "75", "date": "2024-07-01T15:00:00.000Z"},
    {"id": "5", "type": "buy", "amount": "0.5", "price": "18000", "currency": "gbp", "date": "2024-07-20T12:00:00.000Z"}
    ]}]}

    """

  /// By § 23 EStG, per wallet: BTC bought in cold storage in 2022 is not taken by a sale from
  /// kraken, which takes its 10 March 2023 lot (1 at €20,000 + €10) and half of its 15 January
  /// 2024 lot (€40,000 a coin); 1.5 sold on 11 March 2024 at €60,000 − €30.
  static let german = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "30000", "currency": "eur", "wallet": "cold", "date": "2022-01-01T12:00:00.000Z"},
    {"id": "2", "type": "buy", "amount": "1", "price": "20000", "currency": "eur", "fee": "10", "wallet": "kraken", "date": "2023-03-10T12:00:00.000Z"},
    {"id": "3", "type": "buy", "amount": "1", "price": "40000", "currency": "eur", "wallet": "kraken", "date": "2024-01-15T12:00:00.000Z"},
    {"id": "4", "type": "sell", "amount": "1.5", "price": "60000", "currency": "eur", "fee": "30", "wallet": "kraken", "date": "2024-03-11T12:00:00.000Z"}
    ]}]}

    """

  @Test func aSaleByHMRCsShareMatchingAddsUpToTheGainsReport() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"
    try Self.british.write(toFile: portfolio, atomically: true, encoding: .utf8)

    // Same day: the 1 BTC of buy 3 at 20,000 + 20 = 20,020. 30 days: 0.5 of buy 5 (20 July,
    // within 30 days) at 0.5 × 18,000 = 9,000. Pool: 4 × 10,000 + 40 + 2 × 15,000 + 30 =
    // 70,070 for 6 coins; 2 of them cost 70,070 × 2 ÷ 6 = 23,356.666… Allowable costs
    // 75 + 20,020 + 9,000 + 23,356.666… = 52,451.666… → £52,451.67; shared out: 75.00,
    // 20,020.00, 9,000.00 and the pool the rest, 52,451.67 − 29,095.00 = 23,356.67. Proceeds
    // 3.5 × 25,000 = 87,500 (before the fee); gain 87,500 − 52,451.666… = 35,048.333… →
    // £35,048.33.
    let explained = try await coins.run([
      "portfolio", "explain", "4", "--rules", "uk", "--file", portfolio,
    ])
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(
      explained.stdoutLines == [
        "Sale 4: disposal of 3.5 BTC on 2024-07-01",
        "Rules: UK rules (HMRC share matching); figures in GBP; days in Europe/London",
        "Proceeds £87,500.00 (before the fees); fees £75.00",
        "Same day: 1 BTC costing £20,020.00 (acquired 2024-07-01 by transaction 3)",
        "30 days: 0.5 BTC costing £9,000.00 (acquired 2024-07-20 by transaction 5)",
        "Section 104 pool: 2 BTC costing £23,356.67 (the pool then: 6 BTC costing £70,070.00)",
        "Allowable costs £52,451.67 = fees and the costs above (each rounded, the last taking "
          + "what is left); gain +£35,048.33", "",
      ])
    // The same figures as the report by the same rules.
    let gains = try await coins.run(["portfolio", "gains", "--rules", "uk", "--file", portfolio])
    #expect(
      gains.stdoutLines.contains(
        "2024-07-01  BTC  3.5: proceeds £87,500.00, allowable costs £52,451.67 (fees £75.00), "
          + "gain +£35,048.33"), "\(gains.stdout)")
    let json = try await coins.run([
      "portfolio", "explain", "4", "--rules", "uk", "--json", "--file", portfolio,
    ])
    #expect(json.stdout.hasPrefix(#"{"rules":"uk","kind":"sale","id":"4","#))
    #expect(
      json.stdout.contains(
        #""rule":"section-104","amount":2,"cost":23356.67,"acquired":null,"#
          + #""acquisitionIds":[],"pool":{"amount":6,"cost":70070}}"#), "\(json.stdout)")
  }

  @Test func aSaleByGermanyRulesOneLotOverAYearOneUnder() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"
    try Self.german.write(toFile: portfolio, atomically: true, encoding: .utf8)

    // Proceeds after the fee 1.5 × 60,000 − 30 = 89,970: 59,980 for the first coin, 29,990
    // for the half. Lot 1: acquired 2023-03-10, its year ends 2024-03-10 (§ 188 BGB); sold the
    // day after, held 366 + 1 = 367 days (2024 is a leap year) → tax-free, gain 59,980 −
    // 20,010 = 39,970. Lot 2: 2024-01-15 to 2024-03-11 is 16 + 29 + 11 = 56 days → taxable,
    // 0.5 × 40,000 = 20,000, gain 9,990.
    let explained = try await coins.run([
      "portfolio", "explain", "4", "--rules", "de", "--file", portfolio,
    ])
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(
      explained.stdoutLines == [
        "Sale 4: 1.5 BTC from kraken on 2024-03-11",
        "Rules: German rules (§ 23 EStG); first in, first out, scope wallet (each wallet on its "
          + "own); figures in EUR; days in Europe/Berlin",
        "Lot 1: buy 2 in kraken on 2023-03-10, 1 BTC",
        "  cost €20,010.00, proceeds €59,980.00, gain +€39,970.00",
        "  held 367 days: acquired 2023-03-10, one year ends 2024-03-10, sold 2024-03-11 → "
          + "tax-free",
        "Lot 2: buy 3 in kraken on 2024-01-15, 0.5 BTC",
        "  cost €20,000.00, proceeds €29,990.00, gain +€9,990.00",
        "  held 56 days: acquired 2024-01-15, one year ends 2025-01-15, sold 2024-03-11 → "
          + "taxable",
        "Proceeds €89,970.00 (after the fee), cost €40,010.00: taxable gain +€9,990.00, "
          + "tax-free gain +€39,970.00 (the lots' sums)", "",
      ])
    let gains = try await coins.run(["portfolio", "gains", "--rules", "de", "--file", portfolio])
    #expect(
      gains.stdoutLines.contains(
        "§ 23 result +€9,990.00 (coins +€9,990.00, other private sales +€0.00); tax-free gains "
          + "+€39,970.00."), "\(gains.stdout)")
    let json = try await coins.run([
      "portfolio", "explain", "4", "--rules", "de", "--json", "--file", portfolio,
    ])
    #expect(json.stdout.contains(#""taxableGain":9990,"taxFreeGain":39970,"#), "\(json.stdout)")
    #expect(json.stdout.contains(#""daysHeld":56,"periodEnds":"2025-01-15","taxFree":false"#))
  }
}
