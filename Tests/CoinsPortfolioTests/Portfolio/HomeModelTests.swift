import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct HomeModelTests {
  /// A transport that never reaches a network: the service is only fed through `publish`.
  private struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      throw TransportError.offline
    }
  }

  /// A transport answering `/coins/markets` with a fixed body.
  private struct MarketTransport: HTTPTransport {
    let body: String
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      guard request.url.path.hasSuffix("/coins/markets") else { throw TransportError.offline }
      return HTTPResponse(status: 200, body: Data(body.utf8))
    }
  }

  private func service(_ transport: any HTTPTransport = OfflineTransport()) -> CoinDataService {
    CoinDataService(
      client: CoinGeckoClient(
        configuration: CoinGeckoConfiguration(baseURL: "http://127.0.0.1:9/api/v3"),
        transport: transport),
      cache: nil, sampleLoader: { nil })
  }

  @Test func publishesTheJoinedSnapshotForEachMarketSnapshot() async {
    let service = service()
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let updates = await home.updates()
    await home.attach(to: service)
    await service.publish(PortfolioFixtures.market())
    var iterator = updates.makeAsyncIterator()
    let first = await iterator.next()
    expectEqual(first?.total, 32_500)
    expectEqual(first?.change24hValue, 3_000)
    expectEqual(first?.market, PortfolioFixtures.market())
    await expectEqual(home.latest, first)
    await home.detach()
  }

  @Test func everySubscriberGetsTheSnapshot() async {
    let service = service()
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let one = await home.updates()
    let two = await home.updates()
    await home.attach(to: service)
    await service.publish(PortfolioFixtures.market())
    var first = one.makeAsyncIterator()
    var second = two.makeAsyncIterator()
    await expectEqual(first.next()?.total, 32_500)
    await expectEqual(second.next()?.total, 32_500)
    // A late subscriber starts with the latest snapshot.
    var late = await home.updates().makeAsyncIterator()
    await expectEqual(late.next()?.total, 32_500)
    await home.detach()
  }

  @Test func aSnapshotPublishedBeforeAttachingIsPickedUp() async {
    let service = service()
    await service.publish(PortfolioFixtures.market())
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let updates = await home.updates()
    await home.attach(to: service)
    var iterator = updates.makeAsyncIterator()
    await expectEqual(iterator.next()?.total, 32_500)
    await home.detach()
  }

  @Test func aNewMarketSnapshotIsRevalued() async {
    let service = service()
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let updates = await home.updates()
    await home.attach(to: service)
    var iterator = updates.makeAsyncIterator()
    await service.publish(PortfolioFixtures.market())
    await expectEqual(iterator.next()?.total, 32_500)
    var coins = PortfolioFixtures.threeCoins
    coins[0].price = 60_000
    await service.publish(PortfolioFixtures.market(coins))
    await expectEqual(iterator.next()?.total, 37_500)
    await home.detach()
  }

  @Test func detachFinishesEveryStream() async {
    let service = service()
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let one = await home.updates()
    let two = await home.updates()
    await home.attach(to: service)
    await home.detach()
    var first = one.makeAsyncIterator()
    var second = two.makeAsyncIterator()
    #expect(await first.next() == nil)
    #expect(await second.next() == nil)
  }

  @Test func aFetchedSnapshotReachesTheModel() async throws {
    let body = """
      [{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":50000,"market_cap_rank":1},
       {"id":"ethereum","symbol":"eth","name":"Ethereum","current_price":3000,"market_cap_rank":2},
       {"id":"solana","symbol":"sol","name":"Solana","current_price":150,"market_cap_rank":5}]
      """
    let service = service(MarketTransport(body: body))
    let home = HomeModel(portfolio: PortfolioFixtures.threeHoldings)
    let updates = await home.updates()
    await home.attach(to: service)
    let market = try await service.snapshot(for: MarketRequest(maxAge: 0, allowFallback: false))
    var iterator = updates.makeAsyncIterator()
    let first = await iterator.next()
    expectEqual(first?.total, 32_500)
    expectEqual(first?.market, market)
    expectEqual(first?.rows.map(\.symbol), ["btc", "eth", "sol"])
    await home.detach()
  }
}
