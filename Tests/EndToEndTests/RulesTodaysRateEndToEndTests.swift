import Foundation
import Testing

/// `gains --rules uk|de` note on stderr, as US gains do, when a figure they show was converted
/// at today's rate, and their JSON says so in `convertedAtTodaysRate` (issue 42): a sale's
/// price, a German lot's acquisition, a UK acquisition matched by the 30-day rule or pooled.
/// Through the built binary against the loopback fake (today $1 = £0.8 = €0.9; no rate of
/// 2017's; each portfolio has a later buy in dollars, which no 2017 sale takes and which goes
/// at its own day's rate, as with 2017's days alone no rate is had at all).
@Suite(.spawnsProcesses) struct RulesTodaysRateEndToEndTests {
  static let note =
    "Note: some figures were converted at today's rate (the day's rate was out of reach).\n"

  /// The later buy in dollars, at its day's rate.
  static let laterBuy =
    #"{"id": "9", "type": "buy", "amount": "0.1", "price": "50000", "currency": "usd", "#
    + #""date": "2026-10-01T00:00:00.000Z"}"#

  /// `gains` with `arguments` on the portfolio, in text, JSON and CSV: each must succeed.
  static func gains(_ arguments: [String], on transactions: String) async throws -> (
    text: CoinsBinary.Result, json: CoinsBinary.Result, csv: CoinsBinary.Result
  ) {
    let (fake, coins, path) = try await RulesProvenanceEndToEndTests.start(
      transactions + ",\n" + laterBuy)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let command = ["portfolio", "gains"] + arguments + ["--file", path]
    let text = try await coins.run(command)
    let json = try await coins.run(command + ["--json"])
    let csv = try await coins.run(command + ["--csv"])
    for result in [text, json, csv] { #expect(result.status == 0, "\(result.stderr)") }
    return (text, json, csv)
  }

  @Test func aUKPoolAcquisitionAtTodaysRateIsNoted() async throws {
    // 1 bought for $1,000 on 1 March 2017 (no rate of its day: × 0.8 = £800), pooled; 0.5 sold
    // for £2,000 × 0.5 = £1,000 on 1 June, in pounds: the pool's 0.5 cost £400, gain £600.
    let (text, json, csv) = try await Self.gains(
      ["--rules", "uk", "--year", "2017"],
      on: """
        {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "usd", "date": "2017-03-01T12:00:00.000Z"},
        {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "gbp", "date": "2017-06-01T12:00:00.000Z"}
        """)
    #expect(
      text.stdout.contains(
        "2017-06-01  BTC  0.5: proceeds £1,000.00, allowable costs £400.00 (fees £0.00), gain "
          + "+£600.00\n  section 104 pool: 0.5 costing £400.00\n"), "\(text.stdout)")
    #expect(text.stdout.contains("Section 104 pool at 2018-04-05: BTC 0.5 costing £400.00."))
    // The sale itself was in pounds: only the pooled buy was converted at today's rate.
    #expect(
      json.stdout.contains(#""provenance":[{"pricing":"given","source":null,"conversion":null}]"#),
      "\(json.stdout)")
    #expect(json.stdout.contains(#""form":"SA108","convertedAtTodaysRate":true,"years":["#))
    for result in [text, json, csv] { #expect(result.stderr == Self.note) }
  }

  @Test func aUKThirtyDayAcquisitionAtTodaysRateIsNotedInItsYearOnly() async throws {
    // 1 bought for £1,000 in March 2017 (pooled); 0.5 sold for £1,000 on 1 June; 0.5 bought
    // for $500 on 10 June (× 0.8 = £400), which the 30-day rule matches: gain £600, and the
    // pool keeps its 1 costing £1,000 in pounds.
    let transactions = """
      {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "gbp", "date": "2017-03-01T12:00:00.000Z"},
      {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "gbp", "date": "2017-06-01T12:00:00.000Z"},
      {"id": "3", "type": "buy", "amount": "0.5", "price": "1000", "currency": "usd", "date": "2017-06-10T12:00:00.000Z"}
      """
    let (text, json, _) = try await Self.gains(
      ["--rules", "uk", "--year", "2017"], on: transactions)
    #expect(
      text.stdout.contains(
        "2017-06-01  BTC  0.5: proceeds £1,000.00, allowable costs £400.00 (fees £0.00), gain "
          + "+£600.00\n  30 days: 0.5 costing £400.00 (acquired 2017-06-10)\n"),
      "\(text.stdout)")
    #expect(text.stdout.contains("Section 104 pool at 2018-04-05: BTC 1 costing £1,000.00."))
    expectEqual(text.stderr, Self.note)
    #expect(json.stdout.contains(#""convertedAtTodaysRate":true"#), "\(json.stdout)")
    // 2018/19 shows only the pool, all of it in pounds: nothing to note.
    let (later, laterJSON, _) = try await Self.gains(
      ["--rules", "uk", "--year", "2018"], on: transactions)
    #expect(later.stdout.contains("Section 104 pool at 2019-04-05: BTC 1 costing £1,000.00."))
    #expect(later.stderr == "", "\(later.stderr)")
    #expect(laterJSON.stdout.contains(#""convertedAtTodaysRate":false"#), "\(laterJSON.stdout)")
  }

  @Test func aUKPoolEmptiedNoLongerCountsItsTodaysRateBuy() async throws {
    // 1 bought for $1,000 in March 2017 (× 0.8 = £800) and all sold for £2,000 in June: gain
    // £1,200, the pool empty. 1 bought for £1,500 in May 2018 is all the pool holds after.
    let transactions = """
      {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "usd", "date": "2017-03-01T12:00:00.000Z"},
      {"id": "2", "type": "sell", "amount": "1", "price": "2000", "currency": "gbp", "date": "2017-06-01T12:00:00.000Z"},
      {"id": "3", "type": "buy", "amount": "1", "price": "1500", "currency": "gbp", "date": "2018-05-01T12:00:00.000Z"}
      """
    let (sold, _, _) = try await Self.gains(["--rules", "uk", "--year", "2017"], on: transactions)
    #expect(sold.stdout.contains("allowable costs £800.00 (fees £0.00), gain +£1,200.00\n"))
    expectEqual(sold.stderr, Self.note)
    let (later, laterJSON, _) = try await Self.gains(
      ["--rules", "uk", "--year", "2018"], on: transactions)
    #expect(
      later.stdout.contains("Section 104 pool at 2019-04-05: BTC 1 costing £1,500.00."),
      "\(later.stdout)")
    #expect(later.stderr == "", "\(later.stderr)")
    #expect(laterJSON.stdout.contains(#""convertedAtTodaysRate":false"#), "\(laterJSON.stdout)")
  }

  @Test func aGermanLotAtTodaysRateIsNoted() async throws {
    // 1 bought for $1,000 on 1 March 2017 (× 0.9 = €900); 0.5 sold for €2,000 × 0.5 = €1,000
    // on 1 June, in euros: the lot cost €450, gain €550, held 92 days.
    let (text, json, csv) = try await Self.gains(
      ["--rules", "de", "--year", "2017"],
      on: """
        {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "usd", "date": "2017-03-01T12:00:00.000Z"},
        {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "eur", "date": "2017-06-01T12:00:00.000Z"}
        """)
    #expect(
      text.stdout.contains(
        "2017-06-01  BTC  0.5 from default (acquired 2017-03-01): proceeds €1,000.00, cost "
          + "€450.00, gain +€550.00: taxable, held 92 days\n"), "\(text.stdout)")
    #expect(json.stdout.contains(#""form":"Anlage SO","convertedAtTodaysRate":true,"years":["#))
    #expect(csv.stdout.contains("2017-06-01,bitcoin,default,0.5,2017-03-01,92,1000.00,450.00,"))
    for result in [text, json, csv] { #expect(result.stderr == Self.note) }
  }

  @Test func nothingIsNotedWhenEveryFigureShownHadItsRate() async throws {
    // In the rules' own currency, with only the later buy in dollars (at its day's rate).
    for (rules, currency) in [("uk", "gbp"), ("de", "eur")] {
      let (text, json, csv) = try await Self.gains(
        ["--rules", rules],
        on: """
          {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "\(currency)", "date": "2017-03-01T12:00:00.000Z"},
          {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "\(currency)", "date": "2017-06-01T12:00:00.000Z"}
          """)
      for result in [text, json, csv] { #expect(result.stderr == "", "\(rules): \(result.stderr)") }
      #expect(json.stdout.contains(#""convertedAtTodaysRate":false"#), "\(json.stdout)")
    }
  }
}
