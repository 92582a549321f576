import Foundation
import Testing

/// A zero fee needs no currency, through the built binary: a tracker's row with `0.00000000`
/// and an empty fee currency imports, and `portfolio add --fee 0` offline needs no currency
/// that can be vouched for.
@Suite(.spawnsProcesses) struct ZeroFeeEndToEndTests {
  @Test func aKoinlyRowWithAZeroFeeAndNoFeeCurrencyImports() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = coins.home.path + "/koinly.csv"
    try """
    Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,\
    Net Worth Amount,Net Worth Currency,Label,Description,TxHash
    2025-01-24T10:00:00.000Z,100,EUR,0.001,BTC,0.00000000,,,,,,

    """.write(toFile: source, atomically: true, encoding: .utf8)
    let portfolio = coins.home.path + "/p.json"
    let run = try await coins.run(["portfolio", "import", source, "--file", portfolio])
    #expect(run.status == 0, "\(run.stderr)")
    let list = try await coins.run(["portfolio", "list", "--file", portfolio])
    // 0.001 BTC for EUR 100: EUR 100,000 a coin, no fee.
    #expect(list.stdout.contains("0.001"), "\(list.stdout)")
  }

  @Test func addWithAZeroFeeNeedsNoCurrencyOffline() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let run = try await coins.run(
      ["portfolio", "add", "btc", "1", "--fee", "0", "--currency", "zzz", "--timeout", "2"])
    #expect(run.status == 0, "\(run.stderr)")
    expectEqual(run.stdoutLines.last(where: { !$0.isEmpty }), "Holding: 1 BTC in 1 lot.")
  }
}
