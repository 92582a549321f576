import Foundation
import Testing

/// The 16 MB cap counts inflated bytes and stops the transfer as it arrives: a gzip bomb and
/// an undeclared 300 MB answer at full loopback speed are refused with memory bounded.
@Suite(.spawnsProcesses) struct HardeningCompressedBodyTests {
  /// A 1 GiB gzip bomb (about 1 MB on the wire) and an undeclared 300 MB answer at full
  /// loopback speed: the transfer stops at the cap, memory stays bounded, and the command
  /// falls back to the sample, labelled.
  @Test(arguments: [
    ("bomb", ["mb": "1024"]),
    ("huge", ["size": "300000000", "chunked": "1"]),
  ])
  func oversizedAnswerIsCutAtTheCap(mode: String, params: [String: String]) async throws {
    let fake = try await FakeCoinGecko.start(mode: mode, params: params)
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    // A generous timeout: the fake takes seconds to build the bomb on a loaded machine.
    let measured = try await PeakMemory.run(
      coins, ["top", "5", "--json", "--max-age", "0", "--timeout", "20"])
    let peak = measured.peakBytes

    expectEqual(measured.result.status, 0)
    #expect(
      measured.result.stderr.hasPrefix(
        "Warning: CoinGecko's answer was larger than 16 MB and was refused. "
          + "Showing the SAMPLE data bundled with coins"),
      "\(measured.result.stderr)")
    expectEqual(HardeningOutput.source(ofJSONLine: measured.result.stdout), "sample")
    #expect(peak > 0)
    // The capped body (16 MB) and its growth, over a ~35 MB process: far below what an
    // unbounded read of 1 GiB or 300 MB would take.
    #expect(peak < 80_000_000, "peak resident memory \(peak / 1_048_576) MB")
    // Too large is not retried.
    try await expectEqual(fake.marketRequests().count, 1)
  }

  /// A gzip answer (offered with every encoding libcurl can inflate) reads the same as a
  /// plain one.
  @Test func aCompressedAnswerIsInflated() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let arguments = ["top", "100", "--csv", "--live", "--max-age", "0"]

    let plain = try await coins.run(arguments)
    try await fake.setMode("gzip")
    let compressed = try await coins.run(arguments)

    #expect(compressed.status == 0, "\(compressed.stderr)")
    expectEqual(compressed.stdout, plain.stdout)
    #expect(compressed.stdoutLines.count > 100)
    let offered = try await fake.marketRequests().map { $0.headers["accept-encoding"] ?? "" }
    expectEqual(offered.count, 2)
    #expect(offered.allSatisfy { $0.contains("gzip") && $0.contains("deflate") }, "\(offered)")
  }

  /// Without libcurl (`COINS_LIBCURL` names a missing file) there is no network: the command
  /// says why, falls back like any network failure, and with `--live` exits 69.
  @Test func missingLibcurlIsExplainedAndFallsBack() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["COINS_LIBCURL"] = "/nonexistent/libcurl.so.4"

    let live = try await coins.run(["top", "3", "--live", "--max-age", "0"])
    expectEqual(live.status, 69)
    expectEqual(live.stdout, "")
    #expect(
      live.stderr.hasPrefix(
        "Error: Cannot reach 127.0.0.1 (libcurl cannot be loaded (/nonexistent/libcurl.so.4"),
      "\(live.stderr)")
    #expect(live.stderr.contains("install Debian's libcurl4 package"))

    let fallback = try await coins.run(["top", "3", "--max-age", "0"])
    expectEqual(fallback.status, 0)
    #expect(fallback.stdout.contains("SAMPLE DATA"))
    #expect(try await fake.requests().isEmpty)
  }
}
