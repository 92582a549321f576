import Foundation
import Testing

/// Held coins named the same way everywhere, through the built binary: any command naming a
/// held coin takes its symbol or its id; sentences and tables name it by symbol (and name),
/// JSON and CSV by id.
@Suite(.spawnsProcesses) struct CoinNamingEndToEndTests {
  @Test func aSymbolWorksEverywhereAndOutputsNameCoinsOneWay() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    // Offline: the bundled sample names the coins (SOL is Solana).
    _ = try await coins.run([
      "portfolio", "add", "--id", "solana", "30", "--cost", "100", "--date", "2026-08-01",
    ])

    let sell = try await coins.run([
      "portfolio", "sell", "sol", "5", "--price", "150", "--date", "2026-09-01",
    ])
    let transferOut = try await coins.run([
      "portfolio", "transfer", "out", "SOL", "1", "--date", "2026-09-02",
    ])
    let history = try await coins.run(["portfolio", "history", "sol"])
    let historyByID = try await coins.run(["portfolio", "history", "solana"])
    let csv = try await coins.run(["portfolio", "history", "sol", "--csv"])
    let gains = try await coins.run(["portfolio", "gains"])
    let list = try await coins.run(["portfolio", "list"])
    let notHeld = try await coins.run(["portfolio", "history", "doge"])

    // 5 × (150 − 100) = 250 realized.
    expectEqual(sell.status, 0)
    #expect(
      sell.stdout == "Sold 5 SOL at $150.00 per coin.\n"
        + "Realized P/L (FIFO): +$250.00 — proceeds $750.00, cost basis $500.00.\n"
        + "Holding: 25 SOL left. Transaction 2.\n")
    expectEqual(transferOut.stdout, "Transferred out 1 SOL. Holding: 24 SOL. Transaction 3.\n")
    expectEqual(history.status, 0)
    #expect(
      history.stdoutLines == [
        "ID  Date        Type          Coin  Amount    Price  Fee  Realized P/L",
        " 1  2026-08-01  buy           SOL       30  $100.00",
        " 2  2026-09-01  sell          SOL        5  $150.00           +$250.00",
        " 3  2026-09-02  transfer out  SOL        1        —",
        "",
      ])
    expectEqual(historyByID.stdout, history.stdout)
    #expect(
      csv.stdoutLines[1] == "1,2026-08-01T00:00:00.000Z,buy,solana,30,100,usd,,usd,,,default,,given"
    )
    // Line 0 names the rules, line 1 heads the columns.
    #expect(gains.stdoutLines[2].hasPrefix("2026-09-01  SOL  "))
    expectEqual(list.stdoutLines[1], "Coin   Name    Amount  Lots")
    expectEqual(list.stdoutLines[2], "SOL    Solana      24  1 lot")
    expectEqual(notHeld.status, 1)
    expectEqual(notHeld.stderr, "Error: The portfolio holds no doge.\n")
  }

  @Test func aCoinFoundThroughSearchIsNamedByItsSymbolLaterOffline() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    // Deep Value (DEEP) is ranked 777: outside the cached market and the sample.
    _ = try await coins.run(["portfolio", "add", "deep", "100", "--cost", "2"])
    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()

    let sell = try await coins.run(["portfolio", "sell", "deep", "10", "--price", "3"])
    let list = try await coins.run(["portfolio", "list"])

    expectEqual(sell.status, 0)
    #expect(sell.stdout.hasPrefix("Sold 10 DEEP at $3.00 per coin.\n"))
    #expect(sell.stdout.hasSuffix("Holding: 90 DEEP left. Transaction 2.\n"))
    expectEqual(list.stdoutLines[2], "DEEP   Deep Value      90  1 lot")
  }
}

/// One naming rule for imported coins: coins' own CSV names coins by id and the summary says
/// so without upper-casing them as tickers; a coin named through `--map` that no cached market
/// knows is its id (not upper-cased, no name) in `list` and `value`.
@Suite(.spawnsProcesses) struct ImportedCoinNamingEndToEndTests {
  @Test func idsFromTheFileAndMappedCoinsAreNamedByTheOneRule() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let own = coins.home.path + "/own.csv"
    try """
    date,type,coin,amount,price,currency
    2026-01-05,buy,bitcoin,0.5,40000,usd
    2026-01-06,buy,ethereum,2,2000,usd

    """.write(toFile: own, atomically: true, encoding: .utf8)
    let binance = coins.home.path + "/binance.csv"
    try """
    Date(UTC),Pair,Side,Price,Executed,Amount,Fee
    2026-01-07 10:00:00,CGPTUSDT,BUY,0.5,100CGPT,50USDT,0.1CGPT

    """.write(toFile: binance, atomically: true, encoding: .utf8)

    let ownImport = try await coins.run(["portfolio", "import", own])
    let mapped = try await coins.run(["portfolio", "import", binance, "--map", "CGPT=chaingpt"])
    let list = try await coins.run(["portfolio", "list"])
    let value = try await coins.run(["portfolio", "value"])

    expectEqual(ownImport.status, 0)
    #expect(ownImport.stdoutLines.contains("  BTC: buy 1"))
    #expect(ownImport.stdoutLines.contains("  ETH: buy 1"))
    #expect(
      ownImport.stdoutLines.contains(
        "Coins: bitcoin (CoinGecko id); ethereum (CoinGecko id)."))
    expectEqual(mapped.status, 0)
    #expect(
      mapped.stdoutLines.contains(
        "Coins: USDT → tether (symbol, market-cap rank 3); CGPT → chaingpt (--map)."))
    // 100 CGPT bought less a fee of 0.1 CGPT: 99.9 for 50 USDT, $0.5005 a coin. The USDT the
    // sale took is at zero and hidden.
    #expect(
      list.stdoutLines == [
        "Portfolio \(coins.home.path)/data/coins/portfolio.json: 3 holdings",
        "Coin      Name      Amount  Lots",
        "BTC       Bitcoin      0.5  1 lot",
        "  lot                  0.5  2026-01-05  cost $40,000.00",
        "ETH       Ethereum       2  1 lot",
        "  lot                    2  2026-01-06  cost $2,000.00",
        "chaingpt              99.9  1 lot",
        "  lot                 99.9  2026-01-07  cost $0.5005",
        "",
      ])
    // 0.5 × $50,000 + 2 × $3,000 = $31,000; chaingpt has no price.
    #expect(value.stdoutLines[1].hasPrefix("Coin      Name      Amount"))
    #expect(value.stdoutLines[4].hasPrefix("chaingpt  chaingpt    99.9           —           —"))
    #expect(value.stdoutLines[5].hasPrefix("Total                                   $31,000.00"))
    #expect(value.stdoutLines[6].contains("(chaingpt unpriced)"))
    #expect(!value.stdout.contains("CHAINGPT"))
  }
}

/// `coins portfolio history` at 80 columns: coins by symbol, and notes that do not fit as a
/// column on a line of their own under their transaction, never cut or dropped.
@Suite(.spawnsProcesses) struct HistoryLayoutEndToEndTests {
  @Test func atEightyColumnsNamesAndNotesStayReadable() async throws {
    var coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    _ = try await coins.run([
      "portfolio", "add", "eth", "4", "--cost", "2000", "--date", "2026-08-01",
    ])
    _ = try await coins.run([
      "portfolio", "add", "link", "100", "--cost", "12.5", "--fee", "1.25", "--date", "2026-08-02",
      "--note", "bought on the dip after the upgrade",
    ])
    _ = try await coins.run([
      "portfolio", "transfer", "in", "eth", "0.5", "--date", "2026-10-01", "--note",
      "staking reward",
    ])
    coins.environment["COLUMNS"] = "80"

    let narrow = try await coins.run(["portfolio", "history"])
    coins.environment["COLUMNS"] = "120"
    let wide = try await coins.run(["portfolio", "history"])

    expectEqual(narrow.status, 0)
    #expect(
      narrow.stdoutLines == [
        "ID  Date        Type         Coin  Amount      Price    Fee  Realized P/L",
        " 1  2026-08-01  buy          ETH        4  $2,000.00",
        " 2  2026-08-02  buy          LINK     100     $12.50  $1.25",
        "    Note: bought on the dip after the upgrade",
        " 3  2026-10-01  transfer in  ETH      0.5          —",
        "    Note: staking reward",
        "",
      ])
    #expect(narrow.stdoutLines.allSatisfy { $0.count <= 80 })
    // With the room, the notes are a column.
    #expect(
      wide.stdoutLines[2]
        == " 2  2026-08-02  buy          LINK     100     $12.50  $1.25                "
        + "bought on the dip after the upgrade")
  }
}
