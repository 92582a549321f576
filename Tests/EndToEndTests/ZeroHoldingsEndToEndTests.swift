import Foundation
import Testing

/// Holdings and wallets that reached zero are hidden by `value`, `list` and `wallets` (tables
/// and JSON) unless `--all` is given; what a sold-out holding realized still counts.
@Suite(.spawnsProcesses) struct ZeroHoldingsEndToEndTests {
  @Test func zeroHoldingsAndEmptyWalletsShowOnlyWithAll() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for arguments in [
      [
        "portfolio", "add", "btc", "1", "--cost", "20000", "--date", "2026-01-02", "--wallet",
        "kraken",
      ],
      [
        "portfolio", "transfer", "move", "btc", "1", "--from", "kraken", "--to", "ledger",
        "--date", "2026-01-03",
      ],
      ["portfolio", "add", "sol", "10", "--cost", "100", "--date", "2026-01-04"],
      ["portfolio", "sell", "sol", "10", "--price", "150", "--date", "2026-01-05"],
    ] {
      let result = try await coins.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    let value = try await coins.run(["portfolio", "value"])
    let valueAll = try await coins.run(["portfolio", "value", "--all"])
    let json = try await coins.run(["portfolio", "value", "--json"])
    let jsonAll = try await coins.run(["portfolio", "value", "--json", "--all"])
    let list = try await coins.run(["portfolio", "list"])
    let listAll = try await coins.run(["portfolio", "list", "--all"])
    let wallets = try await coins.run(["portfolio", "wallets"])
    let walletsAll = try await coins.run(["portfolio", "wallets", "--all"])

    // BTC: 1 × $50,000 against a cost of $20,000; SOL sold out: 10 × ($150 − $100) = +$500.
    expectEqual(value.status, 0)
    #expect(value.stdoutLines[2].hasPrefix("BTC    Bitcoin       1  $50,000.00  $50,000.00"))
    #expect(value.stdoutLines[3].hasPrefix("Total "))
    #expect(value.stdoutLines[4].contains("Realized: +$500.00"))
    #expect(valueAll.stdoutLines[3].hasPrefix("SOL    Solana        0     $150.00       $0.00"))
    #expect(valueAll.stdoutLines[4].hasPrefix("Total "))
    #expect(valueAll.stdoutLines[5].contains("Realized: +$500.00"))
    #expect(!json.stdout.contains("\"solana\""))
    #expect(jsonAll.stdout.contains("\"id\":\"solana\""))
    #expect(
      list.stdoutLines.dropFirst() == [
        "Coin   Name     Amount  Lots",
        "BTC    Bitcoin       1  1 lot",
        "  lot                1  2026-01-02  cost $20,000.00",
        "",
      ])
    #expect(listAll.stdoutLines.contains("SOL    Solana        0  0 lots"))
    #expect(
      wallets.stdoutLines == [
        "Wallets in USD · costs one pool across wallets",
        "Wallet  Coins       Value        Cost  Unrealized P/L",
        "ledger      1  $50,000.00  $20,000.00     +$30,000.00",
        "Total          $50,000.00  $20,000.00     +$30,000.00",
        "",
      ])
    #expect(walletsAll.stdoutLines.contains { $0.hasPrefix("kraken       0  ") })
    #expect(walletsAll.stdoutLines.contains { $0.hasPrefix("default      0  ") })
  }

  @Test func aPortfolioSoldOutSaysSoAndThatAllShowsIt() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for arguments in [
      ["portfolio", "add", "sol", "10", "--cost", "100", "--date", "2026-01-04"],
      ["portfolio", "sell", "sol", "10", "--price", "150", "--date", "2026-01-05"],
    ] {
      let result = try await coins.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let message = "Every holding is at zero (held no more), hidden by default: --all shows them."
    let list = try await coins.run(["portfolio", "list"])
    expectEqual(list.status, 0)
    expectEqual(list.stdoutLines, [message, ""])
    let value = try await coins.run(["portfolio", "value"])
    expectEqual(value.status, 0)
    // The table's total keeps what the sale realized: 10 × ($150 − $100) = +$500.
    #expect(value.stdout.contains("Realized: +$500.00"))
    expectEqual(value.stdoutLines.suffix(2), [message, ""])
    let valueAll = try await coins.run(["portfolio", "value", "--all"])
    #expect(!valueAll.stdout.contains(message))
    #expect(valueAll.stdoutLines.contains { $0.hasPrefix("SOL ") && $0.contains(" Solana ") })
  }
}
