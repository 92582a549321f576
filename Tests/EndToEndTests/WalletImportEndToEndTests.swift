import Foundation
import Testing

/// Two exchanges' exports through the built binary: bitcoin bought on Coinbase and sent out,
/// received on Kraken and sold there. The import pairs the withdrawal with the deposit as one
/// move, in either order, so the sale is costed at what the coins cost on Coinbase.
@Suite(.spawnsProcesses) struct WalletImportEndToEndTests {
  /// 1 BTC bought at 20,000 + 10 fee (20,010 a coin); 0.5 sent on 2024-07-01 at 12:00.
  static let coinbase = """
    Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees),Fees,Notes
    2024-01-01T12:00:00Z,Buy,BTC,1,USD,20000.00,20000.00,20010.00,10.00,Bought 1 BTC
    2024-07-01T12:00:00Z,Send,BTC,0.5,USD,60000.00,30000.00,30000.00,0.00,Sent 0.5 BTC

    """

  /// 0.499 BTC deposited two hours later (listed twice, the first without a txid), sold on
  /// 2024-08-01 for 34,930 USD (70,000 a coin).
  static let kraken = """
    "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
    "","DEP1-AAAAA-AAAAAA","2024-07-01 14:00:00","deposit","","currency","XXBT",0.4990000000,0.0000000000,""
    "LDEP1-AAAAA-AAAAAA","DEP1-AAAAA-AAAAAA","2024-07-01 14:05:00","deposit","","currency","XXBT",0.4990000000,0.0000000000,0.4990000000
    "LTRD1-AAAAA-AAAAAA","TRD1-AAAAA-AAAAAA","2024-08-01 10:00:00","trade","","currency","XXBT",-0.4990000000,0.0000000000,0.0000000000
    "LTRD2-AAAAA-AAAAAA","TRD1-AAAAA-AAAAAA","2024-08-01 10:00:00","trade","","currency","ZUSD",34930.0000,0.0000,34930.0000

    """

  /// The sale, costed from the Coinbase lot: 0.499 × 20,010 = 9,984.99; gain 34,930 − that.
  static let sale = #""proceeds":34930,"costBasis":9984.99,"gain":24945.01,"#

  static func run(_ order: [String]) async throws -> (
    FakeCoinGecko, CoinsBinary, [CoinsBinary.Result]
  ) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    var results: [CoinsBinary.Result] = []
    for name in order {
      let path = coins.home.path + "/\(name).csv"
      try (name == "coinbase" ? coinbase : kraken).write(
        toFile: path, atomically: true, encoding: .utf8)
      let result = try await coins.run(["portfolio", "import", path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      results.append(result)
    }
    return (fake, coins, results)
  }

  @Test func theSecondExportPairsTheMoveAndTheSaleKeepsItsCost() async throws {
    let (fake, coins, results) = try await Self.run(["coinbase", "kraken"])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // Coinbase alone: the withdrawal has nothing to pair with yet.
    #expect(
      results[0].stdoutLines.contains(
        "  transaction 2 (line 3): withdrawal of 0.5 BTC from coinbase"))
    // Kraken's deposit arrived 2 hours after, 99.8 % of it: one move, its cost kept.
    #expect(
      results[1].stdoutLines.contains(
        "Moved between wallets: 0.5 BTC from coinbase to kraken on 2024-07-01 (0.499 "
          + "arrived), transactions 2 and 3: cost kept."))
    #expect(!results[1].stdout.contains("Cost unknown"))
    #expect(!results[1].stdout.contains("Not paired"))
    let gains = try await coins.run(["portfolio", "gains", "--json"])
    #expect(gains.stdout.contains(Self.sale), "\(gains.stdout)")
    // By wallet scope too: Kraken's only lot is the one that moved.
    let byWallet = try await coins.run(["portfolio", "gains", "--scope", "wallet", "--json"])
    #expect(byWallet.stdout.contains(Self.sale))
  }

  @Test func theOtherOrderPairsItToo() async throws {
    let (fake, coins, results) = try await Self.run(["kraken", "coinbase"])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // Kraken alone: a deposit from outside, of unknown cost, and a sale of unknown gain.
    #expect(
      results[0].stdoutLines.contains(
        "  transaction 1 (line 3): deposit of 0.499 BTC into kraken, cost unknown"))
    #expect(
      results[1].stdoutLines.contains(
        "Moved between wallets: 0.5 BTC from coinbase to kraken on 2024-07-01 (0.499 "
          + "arrived), transactions 4 and 1: cost kept."))
    let gains = try await coins.run(["portfolio", "gains", "--json"])
    #expect(gains.stdout.contains(Self.sale), "\(gains.stdout)")
    // Importing either again adds nothing and pairs nothing new.
    let again = try await coins.run([
      "portfolio", "import", coins.home.path + "/coinbase.csv", "--json",
    ])
    #expect(again.stdoutLines.contains(#"  "added": 0,"#))
    #expect(again.stdoutLines.contains(#"  "moves": [],"#))
    #expect(again.stdoutLines.contains(#"  "unpaired": [],"#))
  }

  @Test func exportAndImportKeepWalletsAndMoves() async throws {
    let (fake, coins, _) = try await Self.run(["coinbase", "kraken"])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let export = try await coins.run(["portfolio", "export", "--csv"])
    #expect(
      export.stdoutLines == [
        "date,type,coinId,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom,"
          + "income,costUnknown,exchangeId,priceSource",
        "2024-01-01T12:00:00.000Z,buy,bitcoin,1,20000,usd,10,,Bought 1 BTC,1,coinbase,,,,,",
        "2024-07-01T12:00:00.000Z,out,bitcoin,0.5,,,,,Sent 0.5 BTC,2,coinbase,,,,,",
        "2024-07-01T14:05:00.000Z,in,bitcoin,0.499,,,,,,3,kraken,2,,,LDEP1-AAAAA-AAAAAA,",
        "2024-08-01T10:00:00.000Z,sell,bitcoin,0.499,70000,usd,,,,4,kraken,,,,TRD1-AAAAA-AAAAAA,",
        "",
      ])
    let path = coins.home.path + "/export.csv"
    try export.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let copy = coins.home.path + "/copy.json"
    let imported = try await coins.run(["portfolio", "import", path, "--file", copy])
    #expect(imported.status == 0, "\(imported.stderr)")
    let gains = try await coins.run(["portfolio", "gains", "--json", "--file", copy])
    #expect(gains.stdout.contains(Self.sale), "\(gains.stdout)")
    let again = try await coins.run(["portfolio", "export", "--csv", "--file", copy])
    expectEqual(again.stdout, export.stdout)
  }

  /// Kraken, January to June: 1 BTC deposited in January, 0.2 sold in May.
  static let firstHalf = """
    "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
    "LDEPA-AAAAA-AAAAAA","DEPA-AAAAA-AAAAAA","2024-01-10 10:00:00","deposit","","currency","XXBT",1.0000000000,0.0000000000,1.0000000000
    "LMAY1-AAAAA-AAAAAA","MAY1-AAAAA-AAAAAA","2024-05-10 10:00:00","trade","","currency","XXBT",-0.2000000000,0.0000000000,0.8000000000
    "LMAY2-AAAAA-AAAAAA","MAY1-AAAAA-AAAAAA","2024-05-10 10:00:00","trade","","currency","ZUSD",12000.0000,0.0000,12000.0000

    """

  /// Kraken, March to December: the May sale again, and 0.3 sold in September.
  static let secondHalf = """
    "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
    "LMAY1-AAAAA-AAAAAA","MAY1-AAAAA-AAAAAA","2024-05-10 10:00:00","trade","","currency","XXBT",-0.2000000000,0.0000000000,0.8000000000
    "LMAY2-AAAAA-AAAAAA","MAY1-AAAAA-AAAAAA","2024-05-10 10:00:00","trade","","currency","ZUSD",12000.0000,0.0000,12000.0000
    "LSEP1-AAAAA-AAAAAA","SEP1-AAAAA-AAAAAA","2024-09-10 10:00:00","trade","","currency","XXBT",-0.3000000000,0.0000000000,0.5000000000
    "LSEP2-AAAAA-AAAAAA","SEP1-AAAAA-AAAAAA","2024-09-10 10:00:00","trade","","currency","ZUSD",18000.0000,0.0000,18000.0000

    """

  @Test func anEarlierPeriodImportedAfterALaterOneReplacesTheCoinsHeldBefore() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    var results: [CoinsBinary.Result] = []
    for (name, text) in [("second", Self.secondHalf), ("first", Self.firstHalf)] {
      let path = coins.home.path + "/\(name).csv"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let result = try await coins.run(["portfolio", "import", path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      results.append(result)
    }
    // March to December alone: both sales take coins held before it, 0.2 and 0.3.
    #expect(results[0].stdout.contains("Held before the export: 0.2 BTC"))
    #expect(results[0].stdout.contains("Held before the export: 0.3 BTC"))
    // January to June brings the coins in: the two stand-ins go, and what is held is
    // 1 − 0.2 − 0.3 = 0.5, not 1.
    #expect(
      results[1].stdoutLines.contains(
        "Removed 2 earlier \"held before the export\" transfers of unknown cost: this export "
          + "brings those coins in."))
    let list = try await coins.run(["portfolio", "list", "--json"])
    #expect(list.stdout.contains(#""id":"bitcoin","amount":0.5,"#), "\(list.stdout)")
    // Both again: nothing added, nothing removed.
    for name in ["second", "first"] {
      let again = try await coins.run([
        "portfolio", "import", coins.home.path + "/\(name).csv", "--json",
      ])
      #expect(again.stdoutLines.contains(#"  "added": 0,"#), "\(name)")
      #expect(again.stdoutLines.contains(#"  "heldBeforeRemoved": 0,"#), "\(name)")
    }
  }
}
