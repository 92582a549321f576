import CoinGeckoAPI
import CoinsCurlTransport
import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsSupport
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The sources over the real libcurl transport against the loopback fakes
/// (`Tests/EndToEndTests/FakeCoinGecko/fake_coinbase.py`, `fake_binance.py`, `fake_ecb.py`):
/// the requests as they go on the wire, and the fakes' quirks met.
@Suite(.timeLimit(.minutes(1))) struct FakeExchangesOverCurlTests {
  /// A fake started with `arguments`, stopped by `stop()` (it also ends with its lifetime).
  final class Fake: Sendable {
    let base: String
    private let process: Process

    init(_ script: String, _ arguments: [String] = []) async throws {
      let folder = try TemporaryDirectory()
      let portFile = folder.file("port")
      let fakes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../EndToEndTests/FakeCoinGecko").standardized
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        [
          "python3", fakes.appendingPathComponent(script).path, "--port-file", portFile.path,
          "--lifetime", "60", "--fixed-time", "2026-11-29T12:00:00Z",
        ] + arguments
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      _ = await holds(within: 30) { FileManager.default.fileExists(atPath: portFile.path) }
      let port = try String(contentsOf: portFile, encoding: .utf8).trimmingWhitespaceAndNewlines()
      base = "http://127.0.0.1:\(port)"
      folder.remove()
    }

    func stop() { process.terminate() }
  }

  let clock = ManualTimeSource(now: Date(timeIntervalSince1970: 1_764_417_600))  // 2026-11-29 12:00
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")

  func transport() throws -> CurlTransport { try CurlTransport.load(environment: [:]).get() }

  func loggedRequests(_ fake: Fake) async throws -> [JSONValue] {
    let answer = try await transport().send(
      HTTPRequest(url: URL(string: fake.base + "/__control/requests")!))
    return try JSONValueParser.parse([UInt8](answer.body)).arrayValue ?? []
  }

  @Test func coinbaseIsAskedInPagesTheFakeAcceptsWithAUserAgent() async throws {
    let fake = try await Fake("fake_coinbase.py")
    defer { fake.stop() }
    let source = CoinbaseCandles(baseURL: fake.base, transport: try transport(), timeSource: clock)
    let year = day("2021-01-01")...day("2021-12-31")
    guard case .opens(let opens) = await source.dailyOpens(of: bitcoin, in: "USD", days: year)
    else { Issue.record("Coinbase did not answer"); return }
    // Days without trades are missing; nothing before start is kept.
    #expect(opens.opens.count > 330 && opens.opens.count < 365)
    expectEqual(opens.opens.keys.min().map { $0 >= day("2021-01-01") }, true)
    let requests = try await loggedRequests(fake)
    expectEqual(requests.count, 2)
    #expect(
      requests.allSatisfy { $0["headers"]?["user-agent"]?.stringValue?.hasPrefix("coins/") == true }
    )
    let missing = (0..<365).map { day("2021-01-01").adding(days: $0) }
      .first { opens.opens[$0] == nil && opens.opens[$0.adding(days: -1)] != nil }
    let carried = await PriceChain(sources: [source]).price(of: bitcoin, in: "USD", on: missing!)
    expectEqual(carried.price?.provenance.carriedForwardDays, 1)
  }

  @Test func binanceAnswersAYearInOneRequestAnd451IsUnavailableHere() async throws {
    let fake = try await Fake("fake_binance.py")
    defer { fake.stop() }
    let source = BinanceKlines(baseURL: fake.base, transport: try transport(), timeSource: clock)
    let year = day("2021-01-01")...day("2021-12-31")
    guard case .opens(let opens) = await source.dailyOpens(of: bitcoin, in: "USD", days: year)
    else { Issue.record("Binance did not answer"); return }
    #expect(opens.opens.count > 350)
    try await expectEqual(loggedRequests(fake).count, 1)
    let restricted = try await Fake("fake_binance.py", ["--mode", "451"])
    defer { restricted.stop() }
    let elsewhere = BinanceKlines(
      baseURL: restricted.base, transport: try transport(), timeSource: clock)
    #expect(
      await elsewhere.dailyOpens(of: bitcoin, in: "USD", days: year)
        == .unavailable("Binance is unavailable here (HTTP 451)"))
  }

  @Test func theECBsEasterIsBridgedByThursdaysFixing() async throws {
    let fake = try await Fake("fake_ecb.py")
    defer { fake.stop() }
    let rates = ECBRates(baseURL: fake.base + "/service", transport: try transport())
    let fixings = try await rates.fixings(
      of: ["USD", "GBP"], days: day("2024-03-28")...day("2024-04-02"))
    // Good Friday 29 March to Easter Monday 1 April 2024: no fixing; Thursday's is used.
    #expect(
      fixings.rates["USD"]?.keys.sorted().suffix(2) == [day("2024-03-28"), day("2024-04-02")])
    let monday = fixings.rate(from: "USD", to: "GBP", on: day("2024-04-01"))
    expectEqual(monday?.fixingDay, day("2024-03-28"))
    expectEqual(monday?.label, "ecb, rate of 2024-03-28")
  }
}
