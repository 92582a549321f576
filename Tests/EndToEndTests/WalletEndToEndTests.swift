import Foundation
import Testing

/// Wallets through the built binary: bought on Coinbase, moved to Kraken with a network fee,
/// sold on Kraken; the sale's cost by each scope, the views filtered by wallet, the wallets
/// valued at the fake's price (bitcoin at $50,000), and refusals that leave the file as it was.
/// The figures are worked by hand in WalletLedgerTests and again here.
@Suite(.spawnsProcesses) struct WalletEndToEndTests {
  static let history = [
    [
      "portfolio", "add", "btc", "1", "--cost", "20000", "--date", "2024-01-01", "--wallet",
      "Coinbase",
    ],
    [
      "portfolio", "add", "btc", "1", "--cost", "60000", "--date", "2024-06-01", "--wallet",
      "kraken",
    ],
    [
      "portfolio", "transfer", "move", "btc", "0.5", "--from", "coinbase", "--to", "kraken",
      "--fee", "0.01", "--date", "2024-07-01",
    ],
    [
      "portfolio", "sell", "btc", "0.49", "--price", "70000", "--date", "2024-08-01", "--wallet",
      "kraken",
    ],
  ]

  static func recorded() async throws -> (FakeCoinGecko, CoinsBinary, [CoinsBinary.Result]) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    var results: [CoinsBinary.Result] = []
    for command in history {
      let result = try await coins.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      results.append(result)
    }
    return (fake, coins, results)
  }

  static func portfolioBytes(_ coins: CoinsBinary) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: coins.home.path + "/data/coins/portfolio.json"))
  }

  @Test func aMoveSaysWhatArrivedAndTheSaleKeepsTheMovedCost() async throws {
    let (fake, coins, results) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    #expect(
      results[2].stdoutLines == [
        "Moved 0.5 BTC from coinbase to kraken: 0.49 arrived, 0.01 went to the network at "
          + "its cost. The coins keep their dates and costs.",
        "Holding: 0.5 in coinbase, 1.49 in kraken. Transactions 3 and 4.", "",
      ])
    // By wallet, FIFO: Kraken's oldest lot is the moved 0.49 of lot 1 (2024-01-01, 20,000 a
    // coin): cost 9,800, proceeds 0.49 × 70,000 = 34,300, gain 24,500.
    let wallet = try await coins.run(["portfolio", "gains", "--scope", "wallet", "--json"])
    #expect(wallet.status == 0, "\(wallet.stderr)")
    #expect(
      wallet.stdout.contains(
        #""proceeds":34300,"costBasis":9800,"gain":24500,"fee":0,"#
          + #""provenance":{"pricing":"given","source":null,"conversion":null},"lots":[{"acquired":"#
          + #""2024-01-01T00:00:00.000Z","acquiredId":"1","amount":0.49,"costBasis":9800,"#))
    // By wallet, LIFO: Kraken's newest lot is lot 2 (60,000 a coin): 29,400, gain 4,900.
    let lifo = try await coins.run([
      "portfolio", "gains", "--scope", "wallet", "--method", "lifo", "--json",
    ])
    #expect(lifo.stdout.contains(#""proceeds":34300,"costBasis":29400,"gain":4900,"#))
    // Coinbase sold nothing.
    let coinbase = try await coins.run(["portfolio", "gains", "--wallet", "coinbase", "--json"])
    #expect(coinbase.stdout.contains(#""sales":[]"#))
  }

  @Test func walletsAreValuedByEachScope() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    // Universal FIFO: the pool keeps 0.5 of lot 1 (1 − 0.01 fee − 0.49 sold: 10,000) and lot 2
    // (60,000): 70,000 for 1.5 coins. Coinbase's 0.5 costs a third, 23,333.33; Kraken's 1 two
    // thirds, 46,666.67. Values 25,000 and 50,000; P/L 1,666.67 and 3,333.33.
    let universal = try await coins.run(["portfolio", "wallets", "--json"])
    #expect(universal.status == 0, "\(universal.stderr)")
    #expect(
      universal.stdout
        == #"{"currency":"usd","scope":"universal","wallets":["#
        + #"{"wallet":"coinbase","coins":1,"value":25000,"cost":23333.33,"unrealizedPnl":1666.67},"#
        + #"{"wallet":"kraken","coins":1,"value":50000,"cost":46666.67,"unrealizedPnl":3333.33}],"#
        + #""total":{"value":75000,"cost":70000,"unrealizedPnl":5000}}"# + "\n")
    // By wallet: Coinbase's lot 1 half (10,000), Kraken's lot 2 (60,000).
    let byWallet = try await coins.run(["portfolio", "wallets", "--scope", "wallet"])
    #expect(
      byWallet.stdoutLines == [
        "Wallets in USD · costs each wallet on its own",
        "Wallet    Coins       Value        Cost  Unrealized P/L",
        "coinbase      1  $25,000.00  $10,000.00     +$15,000.00",
        "kraken        1  $50,000.00  $60,000.00     -$10,000.00",
        "Total            $75,000.00  $70,000.00      +$5,000.00", "",
      ])
    let kraken = try await coins.run([
      "portfolio", "value", "--wallet", "kraken", "--scope", "wallet", "--json",
    ])
    #expect(kraken.stdout.contains(#""total":50000,"#))
    #expect(kraken.stdout.contains(#""cost":60000,"pnl":-10000,"#))
  }

  @Test func historyByWalletListsItsOwnTransactions() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "history", "--wallet", "coinbase", "--csv"])
    expectEqual(result.status, 0)
    // The buy and the move's transfer out; the arrival (4) and the sale (5) are Kraken's.
    #expect(
      result.stdoutLines.dropFirst().compactMap { $0.split(separator: ",").first } == ["1", "3"])
  }

  @Test func refusalsNameTheWalletAndChangeNothing() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let before = try Self.portfolioBytes(coins)
    let cases: [([String], String)] = [
      (
        [
          "portfolio", "sell", "btc", "0.6", "--price", "1", "--date", "2024-09-01", "--wallet",
          "coinbase",
        ],
        "Error: Cannot take out 0.6 BTC from wallet coinbase on 2024-09-01: it holds only 0.5 "
          + "then. Nothing was changed."
      ),
      (
        ["portfolio", "sell", "btc", "0.1", "--price", "1", "--date", "2024-09-01"],
        "Error: BTC is held in coinbase (0.5) and kraken (1): name the wallet with --wallet."
      ),
      (
        ["portfolio", "transfer", "move", "btc", "0.1", "--from", "nowhere", "--to", "kraken"],
        "Error: No transaction is in a wallet named 'nowhere'; the wallets are coinbase and kraken."
      ),
      (
        ["portfolio", "value", "--wallet", "nowhere"],
        "Error: No transaction is in a wallet named 'nowhere'; the wallets are coinbase and kraken."
      ),
    ]
    for (command, error) in cases {
      let result = try await coins.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr == error + "\n", "\(command)")
      #expect(result.stdout == "", "\(command)")
    }
    let usage = try await coins.run([
      "portfolio", "transfer", "move", "btc", "0.1", "--from", "kraken", "--to", "kraken",
    ])
    expectEqual(usage.status, 64)
    #expect(usage.stderr.hasPrefix("Error: '--from' and '--to' name the same wallet, kraken"))
    try expectEqual(Self.portfolioBytes(coins), before)
  }

  @Test func undoingAMoveTakesBothHalves() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "undo", "4"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Removed transactions 3 and 4: the move of 0.5 BTC from coinbase to kraken on "
        + "2024-07-01 (0.49 arrived).\n")
    let history = try await coins.run(["portfolio", "history", "--csv"])
    #expect(
      history.stdoutLines.dropFirst().compactMap { $0.split(separator: ",").first } == [
        "1", "2", "5",
      ])
  }

  @Test func listByWalletShowsEachWalletsLotsWithTheMovedOneInItsPlace() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let file = coins.home.path + "/data/coins/portfolio.json"
    let result = try await coins.run(["portfolio", "list", "--by-wallet"])
    #expect(result.status == 0, "\(result.stderr)")
    // Coinbase keeps 0.5 of the 2024-01-01 lot; Kraken sold the 0.49 that arrived from it
    // (its oldest lot by FIFO), which leaves its own lot of 2024-06-01.
    #expect(
      result.stdoutLines == [
        "Portfolio \(file): 1 holding",
        "Coin   Name     Wallet    Amount  Lots",
        "BTC    Bitcoin  coinbase     0.5  1 lot",
        "  lot                        0.5  2024-01-01  cost $20,000.00",
        "BTC    Bitcoin  kraken         1  1 lot",
        "  lot                          1  2024-06-01  cost $60,000.00", "",
      ])
    let kraken = try await coins.run(["portfolio", "list", "--wallet", "kraken", "--json"])
    #expect(
      kraken.stdout
        == #"{"file":"\#(file)","holdings":[{"id":"bitcoin","wallet":"kraken","amount":1,"#
        + #""lots":[{"amount":1,"cost":60000,"costCurrency":"usd","date":"2024-06-01T00:00:00.000Z"}]}]}"#
        + "\n")
  }

  @Test func historyShowsTheMovesHalvesAndTheirWallets() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "history"])
    #expect(
      result.stdoutLines == [
        "ID  Date        Type      Coin  Wallet    Amount       Price  Fee  Realized P/L",
        " 1  2024-01-01  buy       BTC   coinbase       1  $20,000.00",
        " 2  2024-06-01  buy       BTC   kraken         1  $60,000.00",
        " 3  2024-07-01  move out  BTC   coinbase     0.5           —",
        " 4  2024-07-01  move in   BTC   kraken      0.49           —",
        " 5  2024-08-01  sell      BTC   kraken      0.49  $70,000.00        +$24,500.00", "",
      ])
    let json = try await coins.run(["portfolio", "history", "--json"])
    // A move's arrival has no price of its own: no provenance.
    #expect(
      json.stdout.contains(
        #""realizedPnl":null,"wallet":"kraken","movedFrom":"3","provenance":null}"#))
  }
  @Test func theConfigFileCanSetTheScope() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/.config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[portfolio]\nscope = \"wallet\"\n".write(
      toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    // By wallet Coinbase's 0.5 costs 10,000 (its half of lot 1); the flag still beats the
    // file: by universal scope, a third of the pool's 70,000.
    let fromFile = try await coins.run(["portfolio", "wallets", "--json"])
    #expect(fromFile.stdout.contains(#""wallet":"coinbase","coins":1,"value":25000,"cost":10000,"#))
    let flag = try await coins.run(["portfolio", "wallets", "--scope", "universal", "--json"])
    #expect(flag.stdout.contains(#""wallet":"coinbase","coins":1,"value":25000,"cost":23333.33,"#))
    let show = try await coins.run(["config", "show"])
    #expect(
      show.stdoutLines.contains(
        "portfolio.scope             wallet                               config, line 2"))
  }

  @Test func aTransferOutAndInPairedLaterKeepTheCost() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for command in [
      [
        "portfolio", "add", "btc", "1", "--cost", "20000", "--date", "2024-01-01", "--wallet",
        "coinbase",
      ],
      ["portfolio", "transfer", "out", "btc", "1", "--date", "2024-03-01"],
      ["portfolio", "transfer", "in", "btc", "0.99", "--date", "2024-03-02", "--wallet", "kraken"],
    ] {
      let result = try await coins.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    // Unpaired, the 0.99 that arrived cost 0: a sale would be all gain.
    let unpaired = try await coins.run(["portfolio", "wallets", "--json"])
    #expect(unpaired.stdout.contains(#""wallet":"kraken","coins":1,"value":49500,"cost":0,"#))
    let link = try await coins.run(["portfolio", "transfer", "link", "2", "3"])
    #expect(link.status == 0, "\(link.stderr)")
    #expect(
      link.stdout
        == "Paired transactions 2 and 3 as a move of 1 BTC from coinbase to kraken (0.99 "
        + "arrived): the coins keep their dates and costs.\n")
    // Paired, they cost 0.99 × 20,000 = 19,800; the 0.01 fee left at its cost.
    let paired = try await coins.run(["portfolio", "wallets", "--json"])
    #expect(paired.stdout.contains(#""wallet":"kraken","coins":1,"value":49500,"cost":19800,"#))
    let again = try await coins.run(["portfolio", "transfer", "link", "2", "3"])
    expectEqual(again.status, 1)
    #expect(
      again.stderr
        == "Error: Cannot pair transactions 2 and 3 as a move: one of them is already half of a "
        + "move. Nothing was changed.\n")
  }

  @Test func valueByWalletHasARowForEachWalletsPart() async throws {
    let (fake, coins, _) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "value", "--by-wallet", "--csv"])
    #expect(result.status == 0, "\(result.stderr)")
    // id, amount, value, cost, pnl and wallet of each row: Coinbase's 0.5 and Kraken's 1 at
    // $50,000, costed by universal scope at a third and two thirds of the pool's 70,000.
    let picked = result.stdoutLines.filter { !$0.isEmpty }.map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return [0, 3, 5, 8, 9, fields.count - 1].map { String(fields[$0]) }
    }
    #expect(
      picked == [
        ["id", "amount", "value", "cost", "pnl", "wallet"],
        ["bitcoin", "0.5", "25000.00", "23333.33", "1666.67", "coinbase"],
        ["bitcoin", "1", "50000.00", "46666.67", "3333.33", "kraken"],
      ])
  }
}
