import Foundation
import Testing

/// `--rules uk|de` through the built binary: HMRC's worked examples (Cryptoassets Manual
/// CRYPTO22252 and CRYPTO22253, the figures of Tests/CoinsPortfolioTests/Tax/UKShareMatchingTests)
/// to the penny; Germany's one-year period at its edge and the Freigrenze at €1,000.00 and
/// €999.99, worked by hand; the US leap-day edge; and the refusals with their exact lines.
@Suite(.spawnsProcesses) struct TaxRulesEndToEndTests {
  /// Runs `commands` in a fresh HOME against the fake, each expected to succeed.
  static func recorded(_ commands: [[String]]) async throws -> (FakeCoinGecko, CoinsBinary) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    for command in commands {
      let result = try await coins.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    return (fake, coins)
  }

  static func add(_ amount: String, total: String, _ currency: String, on date: String)
    -> [String]
  {
    [
      "portfolio", "add", "--id", "bitcoin", amount, "--total", total, "--currency", currency,
      "--date", date,
    ]
  }

  static func sell(_ amount: String, total: String, _ currency: String, on date: String)
    -> [String]
  {
    [
      "portfolio", "sell", "bitcoin", amount, "--total", total, "--currency", currency, "--date",
      date,
    ]
  }

  /// CRYPTO22252: a pool of 5,000 costing £500; on 23 June 2021 1,000 sold for £800, 1,600
  /// bought for £1,000, 500 sold for £600.
  static let sameDay = [
    add("5000", total: "500", "gbp", on: "2021-01-10"),
    sell("1000", total: "800", "gbp", on: "2021-06-23"),
    add("1600", total: "1000", "gbp", on: "2021-06-23"),
    sell("500", total: "600", "gbp", on: "2021-06-23"),
  ]

  @Test func ukSameDayRuleToThePenny() async throws {
    let (fake, coins) = try await Self.recorded(Self.sameDay)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--rules", "uk", "--year", "2021"])
    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    // The day's sales are one disposal of 1,500 for £1,400, matched with the day's 1,600 bought
    // for £1,000: £1,000 × 1,500 / 1,600 = £937.50 (HMRC: £938), gain £462.50 (HMRC: £462).
    // The other 100 (£62.50) join the pool: 5,100 costing £562.50. £462.50 is under 2021/22's
    // annual exempt amount of £12,300: nothing taxable.
    #expect(
      result.stdoutLines == [
        "Gains by UK rules (HMRC share matching) in GBP · days in Europe/London",
        "",
        "Tax year 2021/22 (2021-04-06 to 2022-04-05)",
        "2021-06-23  BTC  1500: proceeds £1,400.00, allowable costs £937.50 (fees £0.00), "
          + "gain +£462.50",
        "  same day: 1500 costing £937.50 (acquired 2021-06-23)",
        "SA108: disposals 1, proceeds £1,400.00, allowable costs £937.50, gains £462.50, "
          + "losses £0.00.",
        "Annual exempt amount £12,300.00; losses brought forward £0.00, used £0.00, carried "
          + "forward £0.00; taxable gain £0.00.",
        "Section 104 pool at 2022-04-05: BTC 5100 costing £562.50.",
        "",
      ])
    // A tax year before the first transaction is an empty report, not an error.
    let before = try await coins.run(["portfolio", "gains", "--rules", "uk", "--year", "2019"])
    expectEqual(before.status, 0)
    #expect(
      before.stdoutLines == [
        "Gains by UK rules (HMRC share matching) in GBP · days in Europe/London",
        "No disposals in tax year 2019/20.", "",
      ])
  }

  @Test func ukThirtyDayRuleAcrossTwoTaxYearsAsCSV() async throws {
    // CRYPTO22253: a pool of 2,000 costing £1,000; 1,000 sold for £400 on 31 March 2023 and 500
    // for £150 on 20 April; 700 bought for £175 on 21 April, 500 for £100 on 28 April, 500 for
    // £150 on 1 May (31 days after 31 March: too late for it).
    let (fake, coins) = try await Self.recorded([
      Self.add("2000", total: "1000", "gbp", on: "2023-01-10"),
      Self.sell("1000", total: "400", "gbp", on: "2023-03-31"),
      Self.sell("500", total: "150", "gbp", on: "2023-04-20"),
      Self.add("700", total: "175", "gbp", on: "2023-04-21"),
      Self.add("500", total: "100", "gbp", on: "2023-04-28"),
      Self.add("500", total: "150", "gbp", on: "2023-05-01"),
    ])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--rules", "uk", "--csv"])
    expectEqual(result.status, 0)
    // 31 March: 700 of 21 April's (£175) and 300 of 28 April's (£100 × 300 / 500 = £60): cost
    // £235, gain £165. 20 April: 200 of 28 April's (£40) and 300 of 1 May's (£150 × 300 / 500 =
    // £90): cost £130, gain £20. Nothing from the pool.
    #expect(
      result.stdoutLines == [
        "date,taxYear,coin,amount,proceeds,allowableCosts,gain,sameDayAmount,sameDayCost,"
          + "thirtyDayAmount,thirtyDayCost,poolAmount,poolCost,currency,ids",
        "2023-03-31,2022/23,bitcoin,1000,400.00,235.00,165.00,,,1000,235.00,,,gbp,2",
        "2023-04-20,2023/24,bitcoin,500,150.00,130.00,20.00,,,500,130.00,,,gbp,3", "",
      ])
  }

  @Test func ukSplitsTaxYear2024At30October() async throws {
    // CRYPTO22254 on 31 January 2025 (after 30 October 2024): a pool of 8,000 costing £1,000;
    // one disposal of 7,000 for £642 matched with the day's 6,500 (£500) and 500 from the pool
    // (£62.50, HMRC: £63): gain £79.50 (HMRC: £79), all of it on or after 30 October.
    let (fake, coins) = try await Self.recorded([
      Self.add("8000", total: "1000", "gbp", on: "2024-01-05"),
      Self.sell("5000", total: "500", "gbp", on: "2025-01-31"),
      Self.add("4000", total: "320", "gbp", on: "2025-01-31"),
      Self.add("1000", total: "75", "gbp", on: "2025-01-31"),
      Self.add("1000", total: "70", "gbp", on: "2025-01-31"),
      Self.sell("2000", total: "142", "gbp", on: "2025-01-31"),
      Self.add("500", total: "35", "gbp", on: "2025-01-31"),
    ])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run([
      "portfolio", "gains", "--rules", "uk", "--year", "2024", "--json",
    ])
    expectEqual(result.status, 0)
    let expected = [
      #"{"rules":"uk","title":"UK rules (HMRC share matching)","currency":"gbp","#,
      #""zone":"Europe/London","form":"SA108","convertedAtTodaysRate":false,"#,
      #""years":[{"taxYear":"2024/25","year":2024,"#,
      #""sa108":{"disposals":1,"proceeds":642,"allowableCosts":562.5,"gains":79.5,"losses":0,"#,
      #""unknown":0},"before30October2024":{"disposals":0,"proceeds":0,"allowableCosts":0,"#,
      #""gains":0,"losses":0,"unknown":0},"onOrAfter30October2024":{"disposals":1,"#,
      #""proceeds":642,"allowableCosts":562.5,"gains":79.5,"losses":0,"unknown":0},"#,
      #""annualExemptAmount":3000,"lossesBroughtForward":0,"lossesUsed":0,"#,
      #""lossesCarriedForward":0,"taxableGain":0,"disposals":[{"date":"2025-01-31","#,
      #""coin":"bitcoin","amount":7000,"proceeds":642,"fees":0,"allowableCosts":562.5,"#,
      #""gain":79.5,"ids":["2","6"],"provenance":[{"pricing":"given","source":null,"conversion":null},"#,
      #"{"pricing":"given","source":null,"conversion":null}],"matches":[{"rule":"same-day","amount":6500,"cost":500,"#,
      #""acquired":"2025-01-31"},{"rule":"section-104","amount":500,"cost":62.5,"#,
      #""acquired":null}]}],"pools":[{"coin":"bitcoin","amount":7500,"cost":937.5}]}]}"#,
    ]
    expectEqual(result.stdout, expected.joined() + "\n")
  }

  /// Germany: 1 bought for €1,000 on 5 January 2024; 0.5 sold for €1,500 on 1 June 2024 (gain
  /// €1,000.00); the other 0.5 sold for €1,499.99 on 5 January 2025, the last day of its year
  /// (gain €999.99, taxable); 1 bought for €1,000 on 10 January 2025 and sold for €5,000 on
  /// 11 January 2026, the day after its year ended (tax-free).
  static let german = [
    add("1", total: "1000", "eur", on: "2024-01-05"),
    sell("0.5", total: "1500", "eur", on: "2024-06-01"),
    sell("0.5", total: "1499.99", "eur", on: "2025-01-05"),
    add("1", total: "1000", "eur", on: "2025-01-10"),
    sell("1", total: "5000", "eur", on: "2026-01-11"),
  ]

  @Test func germanOneYearEdgeAndFreigrenze() async throws {
    let (fake, coins) = try await Self.recorded(Self.german)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--rules", "de"])
    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    let section = "Private Veräußerungsgeschäfte (§ 23 EStG), andere Wirtschaftsgüter"
    // 5 January 2024 to 1 June 2024: 26 + 29 + 31 + 30 + 31 + 1 = 148 days. €1,000.00 is not
    // less than 2024's Freigrenze of €1,000: taxed in full. 5 January 2024 to 5 January 2025:
    // 366 days (a leap year), yet the year ends on 5 January 2025 (§ 188 BGB): taxable, and
    // €999.99 is less than €1,000: not taxed. 10 January 2025 to 11 January 2026: 366 days, a
    // day past the year's end on 10 January 2026: tax-free.
    #expect(
      result.stdoutLines == [
        "Gains by German rules (§ 23 EStG) in EUR · days in Europe/Berlin",
        "",
        "2024 (Anlage SO 2024)",
        "2024-06-01  BTC  0.5 from default (acquired 2024-01-05): proceeds €1,500.00, cost "
          + "€500.00, gain +€1,000.00: taxable, held 148 days",
        "§ 23 result +€1,000.00 (coins +€1,000.00, other private sales +€0.00); tax-free gains "
          + "+€0.00.",
        "Freigrenze €1,000.00: the result is not less than it, so it is taxed in full.",
        "Losses: carried back into this year €0.00, brought forward and used €0.00, carried back "
          + "to 2023 €0.00, carried forward €0.00; taxable § 23 gain €1,000.00.",
        "Anlage SO 2024:",
        "  \(section): Veräußerungspreis (nach Werbungskosten): €1,500.00",
        "  \(section): Anschaffungskosten: €500.00",
        "  \(section): Gewinn / Verlust: €1,000.00",
        "",
        "2025 (Anlage SO 2025)",
        "2025-01-05  BTC  0.5 from default (acquired 2024-01-05): proceeds €1,499.99, cost "
          + "€500.00, gain +€999.99: taxable, held 366 days",
        "§ 23 result +€999.99 (coins +€999.99, other private sales +€0.00); tax-free gains "
          + "+€0.00.",
        "Freigrenze €1,000.00: the result is less than it, so none of it is taxed.",
        "Losses: carried back into this year €0.00, brought forward and used €0.00, carried back "
          + "to 2024 €0.00, carried forward €0.00; taxable § 23 gain €0.00.",
        "Anlage SO 2025:",
        "  \(section): Veräußerungspreis (nach Werbungskosten): €1,499.99",
        "  \(section): Anschaffungskosten: €500.00",
        "  \(section): Gewinn / Verlust: €999.99",
        "",
        "2026 (Anlage SO 2026)",
        "2026-01-11  BTC  1 from default (acquired 2025-01-10): proceeds €5,000.00, cost "
          + "€1,000.00, gain +€4,000.00: tax-free, held 366 days",
        "§ 23 result +€0.00 (coins +€0.00, other private sales +€0.00); tax-free gains "
          + "+€4,000.00.",
        "Freigrenze €1,000.00: the result is less than it, so none of it is taxed.",
        "Losses: carried back into this year €0.00, brought forward and used €0.00, carried back "
          + "to 2025 €0.00, carried forward €0.00; taxable § 23 gain €0.00.",
        "Anlage SO 2026:",
        "  \(section): Veräußerungspreis (nach Werbungskosten): €0.00",
        "  \(section): Anschaffungskosten: €0.00",
        "  \(section): Gewinn / Verlust: €0.00",
        "",
      ])
    // Held exactly to the year's end is taxable; a day more is tax-free.
    let csv = try await coins.run(["portfolio", "gains", "--rules", "de", "--csv"])
    #expect(
      csv.stdoutLines == [
        "date,coin,wallet,amount,acquired,daysHeld,proceeds,cost,gain,taxFree,currency,id",
        "2024-06-01,bitcoin,default,0.5,2024-01-05,148,1500.00,500.00,1000.00,false,eur,2",
        "2025-01-05,bitcoin,default,0.5,2024-01-05,366,1499.99,500.00,999.99,false,eur,3",
        "2026-01-11,bitcoin,default,1,2025-01-10,366,5000.00,1000.00,4000.00,true,eur,5", "",
      ])
  }

  @Test func usLeapDayEdgeThroughLots() async throws {
    // Bought 28 February 2019 (that February's last day), the year ends 29 February 2020: a
    // sale that day is still short term (366 days). Bought 29 February 2020, the year ends 28
    // February 2021: a sale on 1 March 2021 is long term (366 days; Rev. Rul. 66-7).
    let (fake, coins) = try await Self.recorded([
      Self.add("1", total: "100", "usd", on: "2019-02-28"),
      Self.sell("1", total: "150", "usd", on: "2020-02-29"),
      Self.add("1", total: "200", "usd", on: "2020-02-29"),
      Self.sell("1", total: "260", "usd", on: "2021-03-01"),
    ])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--lots", "--csv"])
    expectEqual(result.status, 0)
    #expect(
      result.stdoutLines == [
        "description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,"
          + "proceedsProvenance,costProvenance",
        "1 BTC,2019-02-28,2020-02-29,150.00,100.00,50.00,short,usd,2,1,given,given",
        "1 BTC,2020-02-29,2021-03-01,260.00,200.00,60.00,long,usd,4,3,given,given", "",
      ])
  }

  @Test func refusalsNameTheRule() async throws {
    let (fake, coins) = try await Self.recorded(Self.sameDay)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let unknown = try await coins.run(["portfolio", "gains", "--rules", "xx"])
    expectEqual(unknown.status, 64)
    #expect(
      unknown.stderr.components(separatedBy: "\n").first
        == "Error: The value 'xx' is invalid for '--rules <rules>'. Please provide one of 'us', "
        + "'uk', 'de'.")
    let wallet = try await coins.run(["portfolio", "gains", "--rules", "uk", "--scope", "wallet"])
    expectEqual(wallet.status, 64)
    #expect(
      wallet.stderr.components(separatedBy: "\n").first
        == "Error: --scope wallet cannot be used with --rules uk: HMRC pools each coin once per "
        + "person (one section 104 pool across every wallet)")
    expectEqual(wallet.stdout, "")
    let method = try await coins.run(["portfolio", "gains", "--rules", "de", "--method", "hifo"])
    expectEqual(method.status, 64)
    #expect(
      method.stderr.components(separatedBy: "\n").first
        == "Error: --method hifo cannot be used with --rules de: the BMF letter of 6 March 2025 "
        + "takes the coins acquired first as sold first (fifo)")
    let term = try await coins.run([
      "portfolio", "gains", "--rules", "uk", "--long-term-after", "365",
    ])
    expectEqual(term.status, 64)
    #expect(
      term.stderr.components(separatedBy: "\n").first
        == "Error: --long-term-after cannot be used with --rules uk: its rules have no long term")
  }

  @Test func theConfigFilesRulesAndOtherPrivateSalesApply() async throws {
    let (fake, coins) = try await Self.recorded(Self.german)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    var configured = coins
    configured.environment["XDG_CONFIG_HOME"] = coins.home.path + "/config"
    let folder = coins.home.path + "/config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[tax]\nrules = \"de\"\n\n[tax.de_other_private_sales]\n2025 = \"0.01\"\n".write(
      toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    let result = try await configured.run(["portfolio", "gains", "--year", "2025", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    // 2025's coins gained €999.99 and the other private sales €0.01: the net €1,000.00 is not
    // less than the Freigrenze, so all of it is taxed.
    #expect(result.stdout.hasPrefix(#"{"rules":"de","#))
    #expect(
      result.stdout.contains(
        #""cryptoResult":999.99,"otherPrivateSales":0.01,"netResult":1000,"taxFreeResult":0,"#
          + #""freigrenze":1000,"taxedInFull":true,"#), "\(result.stdout)")
    // A flag beats the file: by US rules there is no Freigrenze.
    let us = try await configured.run([
      "portfolio", "gains", "--rules", "us", "--year", "2025", "--csv",
    ])
    #expect(
      us.stdoutLines.first == "date,coin,amount,proceeds,costBasis,gain,currency,id,provenance")
  }

  @Test func usBoxesBeforeAndFrom2025WithScheduleD() async throws {
    // 1 bought for $100 on 10 January 2023; 0.5 sold for $100 on 1 June 2024 (long: box E before
    // 2025, basis not reported). 1 bought for $300 on 10 January 2025; 1 sold for $500 on
    // 1 March 2025: first in, first out the other 0.5 of 2023's (long: box K) and 0.5 of
    // 2025's (short: box H), $250 each.
    let (fake, coins) = try await Self.recorded([
      Self.add("1", total: "100", "usd", on: "2023-01-10"),
      Self.sell("0.5", total: "100", "usd", on: "2024-06-01"),
      Self.add("1", total: "300", "usd", on: "2025-01-10"),
      Self.sell("1", total: "500", "usd", on: "2025-03-01"),
    ])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let csv = try await coins.run(["portfolio", "gains", "--box", "not-reported", "--csv"])
    expectEqual(csv.status, 0)
    #expect(
      csv.stdoutLines == [
        "box,description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id",
        "E,0.5 BTC,2023-01-10,2024-06-01,100.00,50.00,50.00,long,usd,2",
        "K,0.5 BTC,2023-01-10,2025-03-01,250.00,50.00,200.00,long,usd,4",
        "H,0.5 BTC,2025-01-10,2025-03-01,250.00,150.00,100.00,short,usd,4", "",
      ])
    // A Form 1099-DA that reported the basis puts 2025's rows in G (short) and J (long).
    let text = try await coins.run(["portfolio", "gains", "--box", "reported", "--year", "2025"])
    expectEqual(text.status, 0)
    #expect(
      Array(text.stdoutLines.suffix(5)) == [
        "Form 8949 box G: 1 row, proceeds $250.00, cost basis $150.00, gain +$100.00.",
        "Form 8949 box J: 1 row, proceeds $250.00, cost basis $50.00, gain +$200.00.",
        "Schedule D short term (Part I): 1 row, proceeds $250.00, cost basis $150.00, gain "
          + "+$100.00.",
        "Schedule D long term (Part II): 1 row, proceeds $250.00, cost basis $50.00, gain "
          + "+$200.00.", "",
      ])
  }

  @Test func valueNamesTheRulesAndCostsByThem() async throws {
    let (fake, coins) = try await Self.recorded(Self.sameDay)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // Under uk: pounds, the pool's average cost; the US's output names its rules as well.
    let uk = try await coins.run(["portfolio", "value", "--rules", "uk", "--json"])
    #expect(uk.status == 0, "\(uk.stderr)")
    #expect(uk.stdout.hasPrefix(#"{"rules":"uk","#), "\(uk.stdout.prefix(200))")
    #expect(uk.stdout.contains(#""currency":"gbp""#))
    #expect(uk.stdout.contains(#""method":"average""#))
    let table = try await coins.run(["portfolio", "value", "--rules", "de"])
    expectEqual(table.stdoutLines.first?.hasSuffix(" · German rules (§ 23 EStG)"), true)
    expectEqual(table.stdoutLines.first?.hasPrefix("Portfolio in EUR · "), true)
    let us = try await coins.run(["portfolio", "value", "--json"])
    #expect(us.stdout.hasPrefix(#"{"rules":"us","#), "\(us.stdout.prefix(200))")
  }
}
