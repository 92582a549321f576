import Foundation
import Testing

/// `coins watch` through the built binary against a loopback fake: streaming, recovery from
/// failures, and clean exits on signals (also in a pseudo-terminal).
@Suite(.spawnsProcesses) struct WatchEndToEndTests {
  @Test func jsonStreamsOneObjectPerTickWithMovingPrices() async throws {
    let fake = try await FakeCoinGecko.start(mode: "move")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "--interval", "1", "--top", "5", "--json"])
    // A refresh later than its interval (a loaded machine) honestly gives a stale line for
    // that interval; the live lines each bring a new price.
    let gotThree = try await watch.wait {
      watch.lines.filter { Self.source($0) == "live" }.count >= 3
    }
    let stopped = await watch.stop(with: SIGINT)

    #expect(gotThree)
    expectEqual(stopped?.status, 0)
    let documents = try watch.lines.map {
      try JSONDecoder().decode(TopDocument.self, from: Data($0.utf8))
    }
    #expect(documents.allSatisfy { $0.coins.count == 5 })
    let live = documents.filter { $0.source == "live" }
    let bitcoin = live.map { $0.coins.first?.price }
    expectEqual(Set(bitcoin.compactMap { $0 }).count, live.count)  // a new price every live tick
    #expect(watch.stderr.hasPrefix("Warning: CoinGecko refreshes its prices about once a minute"))
  }

  /// Three refreshes in a row hang until their timeout: the stream still gets a line for
  /// every interval — the last good data marked stale — and goes live again after.
  @Test func aRefreshThatKeepsHangingStillGivesALinePerInterval() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let watch = try RunningCoins(
      binary: coins,
      arguments: ["watch", "--interval", "1", "--timeout", "1", "--top", "1", "--json"])
    // Live data first (on a busy machine the first lines can be the sample's, shown while the
    // first answer is still on its way), so the hung refreshes show it as cached.
    _ = try await watch.wait { watch.lines.contains { Self.source($0) == "live" } }
    try await fake.setMode("hang", count: 3)
    let recovered = try await watch.wait(upTo: 90) {
      let sources = watch.lines.compactMap(Self.source)
      guard let stale = sources.firstIndex(of: "cache") else { return false }
      return sources[stale...].contains("live")
    }
    _ = await watch.stop(with: SIGTERM)

    #expect(recovered)
    let sources = watch.lines.compactMap(Self.source)
    expectEqual(sources.count, watch.lines.count)  // every line is a whole JSON object
    let firstStale = try #require(sources.firstIndex(of: "cache"))
    let lastStale = try #require(sources.lastIndex(of: "cache"))
    // The hung refreshes spanned at least three intervals, each with its line.
    #expect(lastStale - firstStale + 1 >= 3, "\(sources)")
    let reasons = watch.lines.compactMap { $0.firstMatch(of: /"staleReason":"([^"]+)"/)?.output.1 }
    #expect(
      reasons.contains { $0.hasPrefix("CoinGecko has not answered the refresh due at ") },
      "\(reasons)")
  }

  @Test func failuresMidRunShowStaleFramesThenRecover() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "--interval", "1", "--top", "3", "--json"])
    // Live data first (on a busy machine the first lines can be the sample's, shown while the
    // first answer is still on its way).
    _ = try await watch.wait { watch.lines.contains { Self.source($0) == "live" } }
    try await fake.setMode("500", count: 4)
    let recovered = try await watch.wait {
      let sources = watch.lines.compactMap(Self.source)
      guard let stale = sources.firstIndex(of: "cache") else { return false }
      return sources[stale...].contains("live")
    }
    let stopped = await watch.stop(with: SIGTERM)

    #expect(recovered)
    expectEqual(stopped?.status, 0)
    // Retries of the failing refresh can outlast an interval (whose line then says the
    // refresh is late); the failure itself is reported once it is known.
    #expect(
      watch.lines.contains {
        Self.source($0) == "cache"
          && $0.contains("\"staleReason\":\"CoinGecko answered HTTP 500: Internal Server Error.\"")
      })
    let sources = watch.lines.compactMap(Self.source)
    let firstLive = try #require(sources.firstIndex(of: "live"))
    #expect(sources[..<firstLive].allSatisfy { $0 == "sample" }, "\(sources)")
  }

  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/script"), "needs script(1), bsdutils"))
  func signalsEndItPromptlyAndRestoreTheTerminal() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    for signal in [SIGINT, SIGTERM] {
      // `script` gives coins a pseudo-terminal and copies what it draws to a file.
      let typescript = coins.home.file("typescript-\(signal)")
      let command = "exec \(CoinsBinary.executableURL.path) watch --interval 60 --top 5"
      let watch = try RunningCoins(
        binary: coins, arguments: ["-qfec", command, typescript.path],
        executable: URL(fileURLWithPath: "/usr/bin/script"))
      let drew = try await watch.wait {
        ((try? String(contentsOf: typescript, encoding: .utf8)) ?? "").contains("BTC")
      }
      let child = try #require(await Self.childPID(of: watch.child.pid))
      kill(child, signal)
      let exit = await watch.child.exit(killingAfter: 30)

      #expect(drew)
      #expect(!exit.wasKilled, "signal \(signal)")
      expectEqual(exit.status, 0)
      let screen = try String(contentsOf: typescript, encoding: .utf8)
      #expect(screen.contains("\u{1B}[?1049h\u{1B}[?25l"))  // alternate screen, cursor hidden
      let restore = try #require(screen.range(of: "\u{1B}[?25h\u{1B}[?1049l", options: .backwards))
      #expect(!screen[restore.upperBound...].contains("BTC"))  // nothing drawn after restoring
      #expect(screen.contains("coins watch · Top 5 in USD · "))
    }
  }

  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/script"), "needs script(1), bsdutils"))
  func pressingQQuitsTheFullScreenView() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let typescript = coins.home.file("typescript-q")
    let keys = Pipe()
    let command = "exec \(CoinsBinary.executableURL.path) watch --interval 60 --top 5"
    let watch = try RunningCoins(
      binary: coins, arguments: ["-qfec", command, typescript.path],
      executable: URL(fileURLWithPath: "/usr/bin/script"), input: keys)

    let drew = try await watch.wait {
      ((try? String(contentsOf: typescript, encoding: .utf8)) ?? "").contains("BTC")
    }
    keys.fileHandleForWriting.write(Data("q".utf8))
    let exit = await watch.child.exit(killingAfter: 30)

    #expect(drew)
    #expect(!exit.wasKilled)
    expectEqual(exit.status, 0)
    let screen = try String(contentsOf: typescript, encoding: .utf8)
    #expect(screen.contains("next refresh in "))
    #expect(screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test(arguments: ["0", "-5", "abc", "0.5", "nan"])
  func badIntervalIsAUsageError(interval: String) async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["watch", "--interval", interval])

    expectEqual(result.status, 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '\(interval)' is invalid for '--interval <seconds>': expected a number "
          + "of seconds, from 1 to 86400.\nUsage: coins watch"))
  }

  private static func source(_ line: String) -> String? {
    (try? JSONDecoder().decode(TopDocument.self, from: Data(line.utf8)))?.source
  }

  /// The first child process of `pid` (coins, under `script`).
  private static func childPID(of pid: Int32) async -> Int32? {
    for _ in 0..<600 {
      let path = "/proc/\(pid)/task/\(pid)/children"
      if let text = try? String(contentsOfFile: path, encoding: .utf8),
        let first = text.split(separator: " ").first, let child = Int32(first)
      {
        return child
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return nil
  }
}
