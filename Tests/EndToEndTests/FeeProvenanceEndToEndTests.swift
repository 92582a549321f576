import Foundation
import Testing

/// A fee converted at today's rate is marked where it lands (issue 42): the sale's and the
/// lot's `provenance` carry the fee's conversion (`feeConversion`, `; fee …` in CSV), and the
/// stderr note about today's rate counts it; through the built binary against the loopback
/// fake (bitcoin at $50,000 and €45,000 today: 10/9 USD per EUR; no rate of 2017's).
@Suite(.spawnsProcesses) struct FeeProvenanceEndToEndTests {
  /// A bitcoin bought in 2017 at $1,000 with a €18 fee, half sold that year at $2,000 with a
  /// €9 fee: both prices in the report's dollars, both fees in euros no day's rate reaches; a
  /// later buy in euros, which no sale takes (with 2017's days alone no rate is had at all).
  static let portfolio = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "usd", "fee": "18", "feeCurrency": "eur", "date": "2017-03-01T00:00:00.000Z"},
    {"id": "2", "type": "sell", "amount": "0.5", "price": "2000", "currency": "usd", "fee": "9", "feeCurrency": "eur", "date": "2017-06-01T00:00:00.000Z"},
    {"id": "3", "type": "buy", "amount": "0.1", "price": "45000", "currency": "eur", "date": "2026-10-01T00:00:00.000Z"}]}]}

    """

  static func start() async throws -> (FakeCoinGecko, CoinsBinary, String) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    let path = coins.home.path + "/fees.json"
    try portfolio.write(toFile: path, atomically: true, encoding: .utf8)
    return (fake, coins, path)
  }

  static let note =
    "Note: some figures were converted at today's rate (the day's rate was out of reach).\n"

  @Test func aFeeAtTodaysRateIsMarkedInTheSaleAndTheLotAndNoted() async throws {
    let (fake, coins, path) = try await Self.start()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let today = ProvenanceEndToEndTests.today
    // €1 = $50,000 / 45,000 = $1.1111111111 (to 10 places). Fees: €18 = $20, €9 = $10.
    // Proceeds 0.5 × $2,000 − $10 = $990; cost 0.5 × ($1,000 + $20) = $510; gain $480.
    let fee =
      #"{"from":"eur","to":"usd","rate":1.1111111111,"source":"today","rateDate":"#
      + #""\#(today)"}"#
    let provenance =
      #"{"pricing":"given","source":null,"conversion":null,"feeConversion":\#(fee)}"#
    let json = try await coins.run(["portfolio", "gains", "--json", "--file", path])
    #expect(json.status == 0, "\(json.stderr)")
    expectEqual(json.stderr, Self.note)
    let expected = [
      #"{"rules":"us","title":"US rules","currency":"usd","method":"fifo","longTermAfter":null,"#,
      #""convertedAtTodaysRate":true,"sales":[{"id":"2","date":"2017-06-01T00:00:00.000Z","#,
      #""coin":"bitcoin","amount":0.5,"proceeds":990,"costBasis":510,"gain":480,"fee":10,"#,
      #""provenance":\#(provenance),"lots":[{"acquired":"2017-03-01T00:00:00.000Z","#,
      #""acquiredId":"1","amount":0.5,"costBasis":510,"proceeds":990,"gain":480,"days":92,"#,
      #""term":"short","provenance":\#(provenance)}]}],"#,
      #""years":[{"year":2017,"proceeds":990,"costBasis":510,"gain":480,"#,
      #""shortTerm":{"proceeds":990,"costBasis":510,"gain":480},"#,
      #""longTerm":{"proceeds":0,"costBasis":0,"gain":0}}]}"#,
    ]
    expectEqual(json.stdout, expected.joined() + "\n")

    let csv = try await coins.run(["portfolio", "gains", "--csv", "--lots", "--file", path])
    #expect(csv.status == 0, "\(csv.stderr)")
    expectEqual(csv.stderr, Self.note)
    let marked = "given; fee eur->usd 1.1111111111 today \(today)"
    #expect(
      csv.stdoutLines == [
        "description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,"
          + "proceedsProvenance,costProvenance",
        "0.5 BTC,2017-03-01,2017-06-01,990.00,510.00,480.00,short,usd,2,1,\(marked),\(marked)",
        "",
      ])
  }

  @Test func aFeeInTheReportsCurrencyIsNeitherMarkedNorNoted() async throws {
    let (fake, coins, path) = try await Self.start()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // In euros the fees need no conversion; the dollar prices do (at today's rate: noted).
    let json = try await coins.run(
      ["portfolio", "gains", "--currency", "eur", "--json", "--file", path])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(!json.stdout.contains("feeConversion"), "\(json.stdout)")
  }
}
