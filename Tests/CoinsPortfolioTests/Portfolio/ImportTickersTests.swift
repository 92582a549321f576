import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `ImportTickers.resolve`: `--map` first, then a remembered mapping, then a held id (coins'
/// own CSV), then the market's best-ranked coin of that symbol, asking CoinGecko once at most.
@Suite(.timeLimit(.minutes(1))) struct ImportTickersTests {
  private let clock = ManualTimeSource()

  private func lookup(_ transport: StubTransport, _ directory: TemporaryDirectory) -> CoinLookup {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    let service = CoinDataService(
      client: client, cache: MarketCache(directory: directory.url), sampleLoader: { nil },
      timeSource: clock)
    return CoinLookup(service: service, currency: "usd", maxAge: 60)
  }

  @Test func mapsAndRememberedMappingsAskNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    let found = try await ImportTickers.resolve(
      [("XBT", 2), ("ETH", 3), ("SOL", 4)], maps: ["XBT": "bitcoin"],
      remembered: ["ETH": "ethereum"], held: ["sol"], ownCSV: true,
      lookup: lookup(transport, directory))
    #expect(found.mappings.map(\.id) == ["bitcoin", "ethereum", "sol"])
    #expect(found.mappings.map(\.reason) == [.mapped, .remembered, .held])
    #expect(found.unknown.isEmpty)
    #expect(transport.requests.isEmpty)
  }

  @Test func aSymbolIsTheMarketsBestRankedCoinFromOneRequest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .body(Fixtures.body(Fixtures.three)))
    let found = try await ImportTickers.resolve(
      [("BTC", 2), ("SHIB", 5)], maps: [:], remembered: [:], held: [], ownCSV: false,
      lookup: lookup(transport, directory))
    #expect(found.mappings.map(\.id) == ["bitcoin", "shiba-inu"])
    #expect(found.mappings.map(\.reason) == [.symbol(rank: 1), .symbol(rank: 3)])
    #expect(transport.requests.count == 1)
  }
}
