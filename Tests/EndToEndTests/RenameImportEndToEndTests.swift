import Foundation
import Testing

/// A rename is not a disposal, through the built binary: Coinbase's `Convert ETH to ETH2` (two
/// tickers of one coin) keeps the lots, and a `Send ETH2` / `Receive ETH` pair in one wallet
/// is a move within it.
@Suite(.spawnsProcesses) struct RenameImportEndToEndTests {
  /// 2 ETH bought at 2,000 + 10 fee (4,010); 1 converted to ETH2; the ETH2 sent and 1 ETH
  /// received an hour later; then 2 ETH sold at 3,500 − 10 fee (6,990).
  static let coinbase = """
    Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees),Fees,Notes
    2024-01-01T12:00:00Z,Buy,ETH,2,USD,2000.00,4000.00,4010.00,10.00,Bought 2 ETH
    2024-02-01T12:00:00Z,Convert,ETH,1,USD,2500.00,2500.00,2500.00,0.00,Converted 1 ETH to 1 ETH2
    2024-03-01T12:00:00Z,Send,ETH2,1,USD,3000.00,3000.00,3000.00,0.00,Sent 1 ETH2
    2024-03-01T13:00:00Z,Receive,ETH,1,USD,3000.00,3000.00,3000.00,0.00,Received 1 ETH
    2024-04-01T12:00:00Z,Sell,ETH,2,USD,3500.00,7000.00,6990.00,10.00,Sold 2 ETH

    """

  @Test func aConvertBetweenTwoTickersOfOneCoinKeepsTheLots() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let path = coins.home.path + "/coinbase.csv"
    try Self.coinbase.write(toFile: path, atomically: true, encoding: .utf8)
    let imported = try await coins.run(
      ["portfolio", "import", path, "--map", "ETH2=ethereum"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdoutLines.contains(
        "Renames: 1 trade between two tickers of one coin (lines 3): the coins kept their lots, "
          + "nothing was sold."), "\(imported.stdout)")
    #expect(!imported.stdout.contains("Cost unknown"), "\(imported.stdout)")
    // One sale only — the 2 ETH sold — costed from the buy: 6,990 − 4,010 = 2,980.
    let gains = try await coins.run(["portfolio", "gains", "--json"])
    #expect(
      gains.stdout.contains(#""proceeds":6990,"costBasis":4010,"gain":2980,"#), "\(gains.stdout)")
    expectEqual(gains.stdout.components(separatedBy: #"{"id":"#).count, 2)
  }

  @Test func transferLinkPairsAWithdrawalAndDepositInOneWallet() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    for words in [
      [
        "add", "--id", "bitcoin", "1", "--cost", "100", "--wallet", "kraken", "--date",
        "2024-01-01",
      ],
      ["transfer", "out", "--id", "bitcoin", "1", "--wallet", "kraken", "--date", "2024-02-01"],
      ["transfer", "in", "--id", "bitcoin", "1", "--wallet", "kraken", "--date", "2024-02-01"],
    ] {
      let result = try await coins.run(["portfolio"] + words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    let link = try await coins.run(["portfolio", "transfer", "link", "2", "3"])
    #expect(link.status == 0, "\(link.stderr)")
    // The coin keeps its cost of 100: nothing left and came back at 0.
    let list = try await coins.run(["portfolio", "export"])
    #expect(list.stdout.contains(#""movedFrom": "2""#), "\(list.stdout)")
  }
}
