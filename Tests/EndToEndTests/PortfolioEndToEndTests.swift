import Foundation
import Testing

/// `coins portfolio …` through the built binary, the real file system and a loopback fake.
@Suite(.spawnsProcesses) struct PortfolioEndToEndTests {
  @Test func addThreeCoinsThenValueShowsTheExactTotal() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let btc = try await coins.run(["portfolio", "add", "btc", "0.5"])
    let eth = try await coins.run(["portfolio", "add", "eth", "2", "--cost", "2500"])
    let sol = try await coins.run(["portfolio", "add", "sol", "10"])

    #expect(btc.status == 0 && eth.status == 0 && sol.status == 0)
    expectEqual(btc.stdout, "Added 0.5 btc → Bitcoin (bitcoin).\nHolding: 0.5 BTC in 1 lot.\n")
    #expect(eth.stdout.hasPrefix("Added 2 eth → Ethereum (ethereum) at $2,500.00 per coin.\n"))

    let json = try await coins.run(["portfolio", "value", "--json"])
    expectEqual(json.status, 0)
    let document = try JSONDecoder().decode(ValueDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.source, "live")
    expectEqual(document.total, 32500)
    expectEqual(document.cost, 5000)
    expectEqual(document.pnl, 1000)
    expectEqual(document.holdings.map(\.id), ["bitcoin", "ethereum", "solana"])
    expectEqual(document.holdings.map(\.value), [25000, 6000, 1500])
    expectEqual(document.sparkline.count, 168)
    expectEqual(document.sparkline.last, 32500)

    let table = try await coins.run(["portfolio", "value"])
    let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
    #expect(total.contains("$32,500.00"))
    #expect(table.stdoutLines.contains { $0.hasPrefix("7d: ") })
  }

  @Test func coinFarOutsideTheTop250IsAddedBySymbolAndPricedByIds() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let add = try await coins.run(["portfolio", "add", "deep", "100"])
    #expect(add.stdout.hasPrefix("Added 100 deep → Deep Value (deep-value).\n"))
    let value = try await coins.run(["portfolio", "value", "--json", "--max-age", "0"])

    let document = try JSONDecoder().decode(ValueDocument.self, from: Data(value.stdout.utf8))
    expectEqual(document.total, 250)
    let markets = try await fake.marketRequests()
    let idRequests = markets.filter { $0.query["ids"] != nil }
    expectEqual(idRequests.last?.query["ids"], "deep-value")
    #expect(markets.allSatisfy { ($0.query["page"] ?? "1") == "1" })  // no paging to rank 777
  }

  @Test func sharedSymbolResolvesToTheRealCoinAndIdPicksTheCopy() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    _ = try await coins.run(["portfolio", "add", "eth", "1"])
    let copy = try await coins.run(["portfolio", "add", "--id", "fake-eth", "3"])
    let list = try await coins.run(["portfolio", "list", "--json"])

    expectEqual(copy.status, 0)
    #expect(list.stdout.contains("\"id\":\"ethereum\",\"amount\":1"))
    #expect(list.stdout.contains("\"id\":\"fake-eth\",\"amount\":3"))
  }

  @Test func twentyConcurrentAddsAllLand() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "1"])  // warm the cache so the adds need no network

    let results = try await withThrowingTaskGroup(of: Int32.self) { group in
      for index in 1...20 {
        group.addTask {
          try await coins.run(["portfolio", "add", "btc", "0.\(String(format: "%02d", index))"])
            .status
        }
      }
      return try await group.reduce(into: [Int32]()) { $0.append($1) }
    }

    expectEqual(results, [Int32](repeating: 0, count: 20))
    let list = try await coins.run(["portfolio", "list", "--json"])
    let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
    expectEqual(document.holdings.first?.lots.count, 20)
    expectEqual(document.holdings.first?.amount, Decimal(string: "2.1"))  // 0.01 + … + 0.20
  }

  @Test func valueSortsByAColumnAndPrintsCSV() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/fixed.json"
    try FileManager.default.copyItem(
      atPath: MarkdownDocument.packageRoot.appendingPathComponent("Samples/portfolio.json").path,
      toPath: file)

    let run = { (words: [String]) in
      try await coins.run(["portfolio", "value"] + words + ["--file", file])
    }
    let byPnl = try await run(["--sort", "pnl"])
    let byName = try await run(["--sort", "name", "--reverse"])
    let csv = try await run(["--sort", "value", "--csv"])
    let bad = try await run(["--sort", "rank"])

    // BTC 0.5 × 50,000 = 25,000 on 0.25 × 38,000 + 0.25 × 61,000 = 24,750: +250. ETH 2 × 3,000
    // = 6,000 on 2 × €2,300 at today's 0.9 = 5,111.11: +888.89. SOL has no cost: last.
    expectEqual(byPnl.status, 0)
    #expect(
      byPnl.stdoutLines.dropFirst(2).prefix(3).map { String($0.prefix(3)) } == [
        "ETH", "BTC", "SOL",
      ])
    #expect(
      byName.stdoutLines.dropFirst(2).prefix(3).map { String($0.prefix(3)) } == [
        "SOL", "ETH", "BTC",
      ])
    expectEqual(csv.status, 0)
    #expect(
      csv.stdoutLines[0]
        == "id,symbol,name,amount,price,value,allocation,change24h,cost,pnl,pnlPercent,"
        + "realizedPnl,fees,currency")
    // Money in cents with its digits; 250 ÷ 24,750 = 1.0101…% to 12 significant digits.
    #expect(csv.stdoutLines[1].hasPrefix("bitcoin,btc,Bitcoin,0.5,50000,25000.00,"))
    #expect(csv.stdoutLines[1].hasSuffix(",24750.00,250.00,1.0101010101,0.00,0.00,usd"))
    #expect(csv.stdoutLines[2].hasPrefix("ethereum,eth,Ethereum,2,3000,6000.00,"))
    #expect(csv.stdoutLines[3].hasPrefix("solana,sol,Solana,10,150,1500.00,"))
    expectEqual(csv.stdoutLines.count, 5)  // header, three holdings, final empty piece
    expectEqual(bad.status, 64)
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value 'rank' is invalid for '--sort <field>'. Please provide one of 'value', "
          + "'share', 'pnl', 'change24h', 'name'.\nUsage: coins portfolio value "))
  }

  @Test func theProfitPercentageIsOnTheCostShownBesideIt() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/unpriced.json"
    try """
    {"version": 1, "holdings": [
      {"id": "bitcoin", "lots": [{"amount": "0.5", "cost": "40000", "date": "2026-01-01T00:00:00Z"}]},
      {"id": "mystery-coin", "lots": [{"amount": "1000", "cost": "1.9", "date": "2026-01-01T00:00:00Z"}]}]}
    """.write(toFile: file, atomically: true, encoding: .utf8)

    let value = try await coins.run(["portfolio", "value", "--file", file])

    // The sample's bitcoin is $91,500: 0.5 × 91,500 = 45,750 on a cost of 0.5 × 40,000 =
    // 20,000 is +25,750, +128.75%. The mystery coin (no price) cost 1,000 × 1.9 = 1,900: in
    // the Cost total (21,900), not in the profit, and named.
    expectEqual(value.status, 0)
    #expect(
      value.stdoutLines[4].hasPrefix("Total ")
        && value.stdoutLines[4].hasSuffix("$21,900.00  +$25,750.00  +128.75%"))
    #expect(
      value.stdoutLines[5]
        == "24h: +$405.51 (+0.89%) · P/L: +$25,750.00 (+128.75%) on $20,000.00 "
        + "(mystery-coin unpriced)")
    #expect(value.stderr.contains("Warning: no price for mystery-coin; left out of the total.\n"))
  }

  @Test func corruptFileIsReportedAndLeftByteForByte() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/data/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/portfolio.json"
    let corrupt = Data(
      "{\n  \"version\": 1,\n  \"holdings\": [\n    { \"id\": \"bitcoin\", }\n".utf8)
    try corrupt.write(to: URL(fileURLWithPath: file))

    for arguments in [
      ["portfolio", "list"], ["portfolio", "value"], ["portfolio", "add", "btc", "1"],
      ["portfolio", "remove", "btc"],
    ] {
      let result = try await coins.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(
        result.stderr
          == "Error: The portfolio file \(file) cannot be read: not valid JSON: expected a member "
          + "name in quotes, found '}' at line 4, column 24. It was left unchanged; fix it by "
          + "hand.\n")
      try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), corrupt)
    }
    #expect(!FileManager.default.fileExists(atPath: file + ".bak"))
  }

  @Test func aCorruptFileNamesItsBackupWhenOneIsBesideIt() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/elsewhere.json"
    // The second add keeps the first add's file as elsewhere.json.bak.
    for _ in 1...2 {
      let add = try await coins.run(
        ["portfolio", "add", "btc", "1", "--cost", "100", "--file", file])
      #expect(add.status == 0, "\(add.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: file + ".bak"))
    let corrupt = Data("{\"version\": 3, \"holdings\": [}".utf8)
    try corrupt.write(to: URL(fileURLWithPath: file))

    let list = try await coins.run(["portfolio", "list", "--file", file])

    expectEqual(list.status, 65)
    #expect(
      list.stderr
        == "Error: The portfolio file \(file) cannot be read: not valid JSON: unexpected '}' at "
        + "line 1, column 29. It was left unchanged; fix it by hand or restore \(file).bak (the "
        + "version before its last change).\n")
    expectEqual(list.stdout, "")
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), corrupt)
  }

  @Test func newerFormatIsRefusedAndKept() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/mine.json"
    let newer = Data("{\"version\": 4, \"holdings\": [], \"vaults\": []}\n".utf8)
    try newer.write(to: URL(fileURLWithPath: file))

    let result = try await coins.run(["portfolio", "add", "btc", "1", "--file", file])

    expectEqual(result.status, 65)
    #expect(result.stderr.contains("has format version 4, written by a newer coins"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), newer)
  }

  @Test(arguments: ["-1", "0", "abc", "nan", "inf", "1e999"])
  func badAmountIsRefusedBeforeAnythingIsWritten(amount: String) async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["portfolio", "add", "btc", amount])

    expectEqual(result.status, 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '\(amount)' is invalid for '<amount>': expected a positive decimal "
          + "number such as 0.5.\nUsage: coins portfolio add <coin> <amount>"))
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins"))
  }

  @Test func missingAmountAndUnknownCoinChangeNothing() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["portfolio", "add", "sol", "1"])
    let file = URL(fileURLWithPath: coins.home.path + "/data/coins/portfolio.json")
    let before = try Data(contentsOf: file)

    let missing = try await coins.run(["portfolio", "add", "btc"])
    let unknown = try await coins.run(["portfolio", "add", "eht", "1"])
    let tooMuch = try await coins.run(["portfolio", "remove", "sol", "2"])

    expectEqual(missing.status, 64)
    #expect(missing.stderr.hasPrefix("Error: Missing expected argument '<amount>'\n"))
    expectEqual(unknown.status, 1)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: Unknown coin 'eht'. Did you mean: eth (Ethereum, id ethereum)"))
    expectEqual(tooMuch.status, 1)
    #expect(
      tooMuch.stderr
        == "Error: Cannot remove 2 SOL: the portfolio holds only 1. Nothing was changed.\n")
    try expectEqual(Data(contentsOf: file), before)
  }

  @Test func addingByIdWhileOfflineIsServiceUnavailable() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["portfolio", "add", "--id", "some-new-coin", "1"])

    expectEqual(result.status, 69)
    #expect(
      result.stderr
        == "Error: Cannot look the coin up: Cannot reach 127.0.0.1 (connection refused).\n")
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins/portfolio.json"))
  }

  @Test func handEditedUnknownFieldsSurviveARewrite() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let edited = """
      {"version": 1, "owner": "me", "holdings": [
        {"id": "bitcoin", "note": "cold wallet", "lots": [{"amount": "0.10", "cost": "30000",
          "costCurrency": "usd", "date": "2025-01-01T00:00:00Z", "exchange": "kraken"}]}]}
      """
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))

    let result = try await coins.run(["portfolio", "add", "btc", "0.2", "--file", file])

    expectEqual(result.status, 0)
    #expect(result.stdout.contains("Holding: 0.3 BTC in 2 lots."))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"owner\": \"me\""))
    #expect(text.contains("\"note\": \"cold wallet\""))
    #expect(text.contains("\"exchange\": \"kraken\""))
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    expectEqual((attributes[.posixPermissions] as? Int), 0o600)
    try expectEqual(String(contentsOfFile: file + ".bak", encoding: .utf8), edited)
  }

  @Test func emptyPortfolioSaysHowToAddACoin() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let value = try await coins.run(["portfolio", "value"])
    let list = try await coins.run(["portfolio", "list"])

    #expect(value.status == 0 && list.status == 0)
    let expected =
      "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n"
    expectEqual(value.stdout, expected)
    expectEqual(list.stdout, expected)
  }

  @Test func valueOfflineFallsBackToTheCacheAndSaysSo() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["portfolio", "add", "btc", "1"])
    _ = try await coins.run(["portfolio", "value"])

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let result = try await coins.run(["portfolio", "value", "--json", "--max-age", "0"])
    let live = try await coins.run(["portfolio", "value", "--live", "--max-age", "0"])

    let document = try JSONDecoder().decode(ValueDocument.self, from: Data(result.stdout.utf8))
    expectEqual(document.source, "cache")
    expectEqual(document.total, 50000)
    #expect(result.stderr.contains("Showing cached data from "))
    expectEqual(live.status, 69)
  }
}

/// The parts of `coins portfolio value --json` the tests read.
struct ValueDocument: Decodable {
  struct Row: Decodable {
    var id: String
    var value: Double?
  }

  var source: String
  var total: Double
  var cost: Double?
  var pnl: Double?
  var holdings: [Row]
  var sparkline: [Double]
}

/// The parts of `coins portfolio list --json` the tests read.
struct ListDocument: Decodable {
  struct Holding: Decodable {
    struct Lot: Decodable { var amount: Decimal }
    var id: String
    var amount: Decimal
    var lots: [Lot]
  }

  var holdings: [Holding]
}
