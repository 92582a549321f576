import Foundation
import Testing

/// A body bigger than any sane answer is refused (the transport caps bodies at 16 MB), not
/// read into memory, and the command falls back within its deadline.
@Suite(.spawnsProcesses) struct HardeningOversizedBodyTests {
  @Test(arguments: [
    ["top", "5", "--json"], ["portfolio", "value", "--json"],
    ["watch", "--json", "--interval", "1", "--top", "5"],
  ])
  func hugeBodyFallsBackLabelled(_ command: [String]) async throws {
    let fake = try await FakeCoinGecko.start(mode: "huge", params: ["size": "20000000"])
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let secret = HardeningOutput.makeSecret()
    coins.environment["COINGECKO_DEMO_API_KEY"] = secret
    try HardeningPortfolio.write(HardeningPortfolio.threeCoins, for: coins)
    // A generous timeout: the fake needs a while to start a huge answer on a loaded machine,
    // and what is tested here is the size cap, not the timeout.
    let arguments = command + ["--timeout", "10"]

    let output: (status: Int32, stdout: String, stderr: String)
    if command[0] == "watch" {
      let watch = try RunningCoins(binary: coins, arguments: arguments)
      _ = try await watch.wait(upTo: 40) { !watch.lines.isEmpty }
      let stopped = await watch.stop(with: SIGTERM)
      output = (stopped?.status ?? -1, watch.lines.first ?? "", watch.stderr)
    } else {
      let result = try await coins.run(arguments, timeout: 60)
      output = (result.status, result.stdout, result.stderr)
      #expect(output.stderr.hasPrefix("Warning: "), "\(output.stderr)")
    }

    expectEqual(output.status, 0)
    HardeningOutput.checkInvariants(
      status: output.status, stdout: output.stdout, stderr: output.stderr, secret: secret,
      label: "huge \(command)")
    #expect(
      HardeningOutput.source(ofJSONLine: output.stdout) == "sample",
      "\(output.stdout.prefix(200))")
    // Too large is not retried (one request per refresh for the watch).
    #expect(try await HardeningRequestLog.marketRequests(port: fake.port).count <= 2)
  }

  @Test
  func hugeBodyIsRefusedWithinTheCommandsDeadline() async throws {
    let fake = try await FakeCoinGecko.start(mode: "huge", params: ["size": "100000000"])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--json", "--timeout", "5"], timeout: 60)

    expectEqual(result.status, 0)
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "sample")
    #expect(result.stderr.contains("larger than 16 MB and was refused"), "\(result.stderr)")
    #expect(result.seconds < 15 + 5, "took \(result.seconds) s; the deadline is 15 s")
  }

  /// Declared (`Content-Length`, refused before the body) or not (chunked, cut by the cap as
  /// it arrives).
  @Test(arguments: [false, true])
  func hugeBodyIsNotReadIntoMemory(chunked: Bool) async throws {
    // Sent at 100 MB/s, as a fast real network would (HardeningCompressedBodyTests sends at
    // loopback speed): a 300 MB body must never be held whole.
    let size = 300_000_000
    let fake = try await FakeCoinGecko.start(
      mode: "huge",
      params: ["size": String(size), "rate": "100000000", "chunked": chunked ? "1" : "0"])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let measured = try await PeakMemory.run(coins, ["top", "5", "--json", "--timeout", "10"])
    let peak = measured.peakBytes

    expectEqual(measured.result.status, 0)
    #expect(
      measured.result.stderr.contains("larger than 16 MB and was refused"),
      "\(measured.result.stderr)")
    #expect(peak > 0)
    #expect(
      peak < 100_000_000,
      "peak resident memory \(peak / 1_048_576) MB for a \(size / 1_000_000) MB body"
    )
  }
}
