import Foundation
import Testing

/// Every priced figure of `gains`, `income` and `history` says how it was priced and converted
/// (issue 42, "every assumed figure is marked where it lands"), and the note about today's rate
/// appears only when a figure shown was so converted; through the built binary against the
/// loopback fake (bitcoin at $50,000 and €45,000 today: 0.9 EUR per USD; no rate of 2017's).
@Suite(.spawnsProcesses) struct ProvenanceEndToEndTests {
  /// A bitcoin bought in 2017 in USD (no day's rate reaches it) and still held; bitcoin staking
  /// income priced at CoinGecko's day price; tether at 1 USD; ether bought in EUR and half sold
  /// at Coinbase's day price in EUR.
  static let held = """
    {"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "1000", "currency": "usd", "date": "2017-03-01T00:00:00.000Z"},
    {"id": "5", "type": "in", "amount": "0.01", "price": "50000", "currency": "usd", "date": "2026-10-05T00:00:00.000Z", "income": true, "priceSource": "coingecko"}
    """
  static let others = """
    ]},
    {"id": "tether", "transactions": [
    {"id": "2", "type": "buy", "amount": "100", "price": "1", "currency": "usd", "date": "2026-09-01T00:00:00.000Z", "priceSource": "stablecoin"}]},
    {"id": "ethereum", "transactions": [
    {"id": "3", "type": "buy", "amount": "2", "price": "1500", "currency": "eur", "date": "2026-09-01T00:00:00.000Z"},
    {"id": "4", "type": "sell", "amount": "1", "price": "2000", "currency": "eur", "date": "2026-10-01T00:00:00.000Z", "priceSource": "coinbase"}]}]}

    """
  /// Half the 2017 bitcoin sold in EUR: its cost converted at today's rate.
  static let oldSale = """
    ,
    {"id": "6", "type": "sell", "amount": "0.5", "price": "40000", "currency": "eur", "date": "2026-11-01T00:00:00.000Z"}
    """

  static func start(sellingTheOldCoin: Bool) async throws -> (FakeCoinGecko, CoinsBinary, String) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    let path = coins.home.path + "/provenance.json"
    let text =
      #"{"version": 3, "holdings": ["# + "\n" + held + (sellingTheOldCoin ? oldSale : "") + others
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (fake, coins, path)
  }

  /// Today's UTC day, `YYYY-MM-DD`: the day of today's rate.
  static var today: String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  @Test func gainsSaysWhereEachPriceCameFromAndNotesNoTodaysRateItDidNotUse() async throws {
    let (fake, coins, path) = try await Self.start(sellingTheOldCoin: false)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(
      ["portfolio", "gains", "--currency", "eur", "--json", "--file", path])
    #expect(result.status == 0, "\(result.stderr)")
    // The held 2017 bitcoin was converted at today's rate, but no figure shown stands on it.
    expectEqual(result.stderr, "")
    // Ether: 1 × €2,000 = €2,000 on 1 × €1,500: +€500, both in EUR (nothing converted).
    let expected = [
      #"{"rules":"us","title":"US rules","currency":"eur","method":"fifo","longTermAfter":null,"#,
      #""convertedAtTodaysRate":false,"sales":[{"id":"4","date":"2026-10-01T00:00:00.000Z","#,
      #""coin":"ethereum","amount":1,"proceeds":2000,"costBasis":1500,"gain":500,"fee":0,"#,
      #""provenance":{"pricing":"dayPrice","source":"coinbase","conversion":null},"#,
      #""lots":[{"acquired":"2026-09-01T00:00:00.000Z","acquiredId":"3","amount":1,"#,
      #""costBasis":1500,"proceeds":2000,"gain":500,"days":30,"term":"short","#,
      #""provenance":{"pricing":"given","source":null,"conversion":null}}]}],"#,
      #""years":[{"year":2026,"proceeds":2000,"costBasis":1500,"gain":500,"#,
      #""shortTerm":{"proceeds":2000,"costBasis":1500,"gain":500},"#,
      #""longTerm":{"proceeds":0,"costBasis":0,"gain":0}}]}"#,
    ]
    expectEqual(result.stdout, expected.joined() + "\n")
  }

  @Test func aLotCostedAtTodaysRateSaysSoInTheRowAndTheNote() async throws {
    let (fake, coins, path) = try await Self.start(sellingTheOldCoin: true)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(
      ["portfolio", "gains", "--currency", "eur", "--csv", "--lots", "--file", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "Note: some figures were converted at today's rate (the day's rate was out of reach).\n")
    // Bitcoin: 0.5 × €40,000 = €20,000 against 0.5 × $1,000 × 0.9 = €450: +€19,550, long.
    #expect(
      result.stdoutLines == [
        "description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,"
          + "proceedsProvenance,costProvenance",
        "1 ETH,2026-09-01,2026-10-01,2000.00,1500.00,500.00,short,eur,4,3,dayPrice (coinbase),"
          + "given",
        "0.5 BTC,2017-03-01,2026-11-01,20000.00,450.00,19550.00,long,eur,6,1,given,"
          + "given; usd->eur 0.9 today \(Self.today)", "",
      ])
    let json = try await coins.run(
      ["portfolio", "gains", "--currency", "eur", "--json", "--file", path])
    #expect(json.stdout.contains(#""convertedAtTodaysRate":true,"#))
    #expect(
      json.stdout.contains(
        #""provenance":{"pricing":"given","source":null,"conversion":{"from":"usd","to":"eur","#
          + #""rate":0.9,"source":"today","rateDate":"\#(Self.today)"}}}]}"#), "\(json.stdout)")
  }

  @Test func incomeAndHistoryCarryTheProvenanceOfEveryRow() async throws {
    let (fake, coins, path) = try await Self.start(sellingTheOldCoin: false)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // 0.01 × $50,000 = $500, at CoinGecko's price of the day.
    let income = try await coins.run(["portfolio", "income", "--csv", "--file", path])
    #expect(income.status == 0, "\(income.stderr)")
    #expect(
      income.stdoutLines == [
        "date,coin,amount,price,priceCurrency,value,currency,id,note,provenance",
        "2026-10-05,bitcoin,0.01,50000,usd,500.00,usd,5,,dayPrice (coingecko)", "",
      ])
    let incomeJSON = try await coins.run(["portfolio", "income", "--json", "--file", path])
    #expect(
      incomeJSON.stdout.contains(
        #""value":500,"note":null,"provenance":{"pricing":"dayPrice","source":"coingecko","#
          + #""conversion":null}}"#), "\(incomeJSON.stdout)")
    #expect(!incomeJSON.stdout.contains(#""convertedAtTodaysRate":true"#))

    let history = try await coins.run(["portfolio", "history", "--csv", "--file", path])
    #expect(history.status == 0, "\(history.stderr)")
    expectEqual(history.stdoutLines.first?.hasSuffix(",movedFrom,provenance"), true)
    #expect(
      history.stdoutLines.dropFirst().map { $0.split(separator: ",").last.map(String.init) } == [
        "given", "stablecoin", "given", "dayPrice (coinbase)", "dayPrice (coingecko)", nil,
      ])
    let historyJSON = try await coins.run(["portfolio", "history", "--json", "--file", path])
    let object = try JSONSerialization.jsonObject(with: Data(historyJSON.stdout.utf8))
    let rows = try #require((object as? [String: Any])?["transactions"] as? [[String: Any]])
    let pricing = rows.map { ($0["provenance"] as? [String: Any])?["pricing"] as? String }
    expectEqual(pricing, ["given", "stablecoin", "given", "dayPrice", "dayPrice"])
  }
}
