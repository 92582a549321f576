import Foundation
import Testing

/// `coins watch --portfolio --sort`: the keys of `portfolio value --sort`, piped and in tmux.
@Suite(.spawnsProcesses) struct WatchSortEndToEndTests {
  /// 0.1 BTC at $50,000.00 is $5,000.00; 1 ETH at $3,000.00 is $3,000.00; 100 SOL at $150.00
  /// is $15,000.00 — added in the order BTC, ETH, SOL (the file's order).
  private static let holdings = [["btc", "0.1"], ["eth", "1"], ["sol", "100"]]

  private func withHoldings(_ body: (CoinsBinary, FakeCoinGecko) async throws -> Void)
    async throws
  {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for holding in Self.holdings {
      let added = try await coins.run(["portfolio", "add"] + holding)
      #expect(added.status == 0, "\(added.stderr)")
    }
    try await body(coins, fake)
  }

  /// The symbols of the first JSON line's holdings, in order.
  private func firstLineSymbols(_ coins: CoinsBinary, _ arguments: [String]) async throws
    -> [String]
  {
    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "--portfolio", "--json", "--interval", "60"] + arguments)
    _ = try await watch.wait { !watch.lines.isEmpty }
    _ = await watch.stop(with: SIGTERM)
    let line = try #require(watch.lines.first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let holdings = try #require(object["holdings"] as? [[String: Any]])
    return holdings.compactMap { $0["symbol"] as? String }
  }

  @Test func theJSONLinesComeInTheOrderAsked() async throws {
    try await withHoldings { coins, _ in
      // By value: SOL $15,000 > BTC $5,000 > ETH $3,000; reversed: ETH, BTC, SOL.
      let byValue = try await firstLineSymbols(coins, ["--sort", "value"])
      expectEqual(byValue, ["sol", "btc", "eth"])
      let reversed = try await firstLineSymbols(coins, ["--sort", "value", "--reverse"])
      expectEqual(reversed, ["eth", "btc", "sol"])
      // By name, A to Z: Bitcoin, Ethereum, Solana; reversed, Z to A; without --sort, the
      // file's order.
      let byName = try await firstLineSymbols(coins, ["--sort", "name", "-r"])
      expectEqual(byName, ["sol", "eth", "btc"])
      let unsorted = try await firstLineSymbols(coins, [])
      expectEqual(unsorted, ["btc", "eth", "sol"])
    }
  }

  /// The fake's 24h changes (BTC +0.95 %, ETH -0.12 %, SOL -1.10 %, as `portfolio value`
  /// prints them) order the rows largest first; the plain frame's header says the order.
  @Test func change24hIsHonouredAndThePlainFrameSaysSo() async throws {
    try await withHoldings { coins, _ in
      let value = try await coins.run(["portfolio", "value"])
      #expect(value.stdout.contains("+0.95%") && value.stdout.contains("-1.10%"), "\(value.stdout)")
      let byChange = try await firstLineSymbols(coins, ["--sort", "change24h"])
      expectEqual(byChange, ["btc", "eth", "sol"])
      let watch = try RunningCoins(
        binary: coins,
        arguments: ["watch", "--portfolio", "--interval", "60", "--sort", "change24h"])
      _ = try await watch.wait { watch.lines.contains { $0.hasPrefix("Total") } }
      _ = await watch.stop(with: SIGTERM)
      let lines = watch.lines
      expectEqual(lines.first?.contains(" · Portfolio in USD · sorted by change24h ↓ · "), true)
      let rows = lines.filter { ["BTC", "ETH", "SOL"].contains($0.prefix(3)) }.map { $0.prefix(3) }
      #expect(rows == ["BTC", "ETH", "SOL"], "\(lines)")
    }
  }

  @Test func aMarketKeyWithPortfolioIsRefusedWithTheKeysThatFit() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let refused = try await coins.run(["watch", "--portfolio", "--sort", "rank"])
    expectEqual(refused.status, 64)
    #expect(
      refused.stderr.hasPrefix(
        "Error: The value 'rank' is invalid for '--sort <field>' with '--portfolio'. Please "
          + "provide one of 'value', 'share', 'pnl', 'change24h', 'name'.\n"))
    let market = try await coins.run(["watch", "--sort", "value"])
    expectEqual(market.status, 64)
    #expect(market.stderr.hasPrefix("Error: The value 'value' is invalid for '--sort <field>'."))
  }
}

/// The portfolio view in tmux: `s` walks the keys and the header says the order.
@Suite(
  .spawnsProcesses,
  .enabled(if: RequiredTool.isAvailable(TmuxSession.tmuxPath), "needs tmux"))
struct InteractiveWatchSortTests {
  /// The rows' symbols, top to bottom, on the screen.
  private static func symbols(_ lines: [String]) -> [String] {
    lines.compactMap { line in
      let cells = line.dropFirst(2).split(separator: " ")
      guard let first = cells.first, ["BTC", "ETH", "SOL"].contains(String(first)) else {
        return nil
      }
      return String(first)
    }
  }

  @Test func sWalksValueShareAndNameWithTheHeaderSayingWhich() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for holding in [["btc", "0.1"], ["eth", "1"], ["sol", "100"]] {
      try await expectEqual(coins.run(["portfolio", "add"] + holding).status, 0)
    }
    let session = try await TmuxSession(
      binary: coins, arguments: ["watch", "--portfolio", "--sort", "value"], columns: 100,
      rows: 20)
    do {
      try await walkTheKeys(session)
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
  }

  private func walkTheKeys(_ session: TmuxSession) async throws {
    // $15,000 SOL, $5,000 BTC, $3,000 ETH.
    var screen = try await session.waitForScreen {
      $0.count > 1 && $0[1].hasPrefix("Sorted by value ↓") && Self.symbols($0).count == 3
    }
    #expect(screen.held, "\(screen.lines)")
    expectEqual(Self.symbols(screen.lines), ["SOL", "BTC", "ETH"])
    try await session.send("s")
    screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by share ↓") }
    #expect(screen.held, "\(screen.lines)")
    expectEqual(Self.symbols(screen.lines), ["SOL", "BTC", "ETH"])
    try await session.send("s", "s", "s")  // pnl, change24h, name
    screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by name ↑") }
    #expect(screen.held, "\(screen.lines)")
    expectEqual(Self.symbols(screen.lines), ["BTC", "ETH", "SOL"])
    try await session.send("S")
    screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by name ↓") }
    expectEqual(Self.symbols(screen.lines), ["SOL", "ETH", "BTC"])
    try await session.send("s")
    screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by the file's order") }
    #expect(screen.held, "\(screen.lines)")
    expectEqual(Self.symbols(screen.lines), ["BTC", "ETH", "SOL"])
  }
}
