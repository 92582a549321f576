import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation

/// Collects what a subscriber of a ``CoinDataService`` receives, in order.
final class WatchRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [MarketSnapshot] = []

  /// Everything received so far.
  var items: [MarketSnapshot] { lock.withLock { received } }

  /// How many snapshots were received.
  var count: Int { lock.withLock { received.count } }

  func append(_ snapshot: MarketSnapshot) {
    lock.withLock { received.append(snapshot) }
  }
}

/// A counter shared between the test and a stub transport's handler.
final class WatchCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The value before the increment.
  func next() -> Int {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}

/// A fake CoinGecko for the refresh loop, scripted per tick, and a service using it.
///
/// Tick `k` (counting markets page requests from 0) is answered with `script[k]` (past the end,
/// with the last entry); `.ok` answers with ``WatchMarket/body(tick:)``. `ids` requests are
/// answered with one coin per id. With `handshake`, tick `k`'s request waits until the subscriber
/// has received `k` snapshots, so the single-slot stream never drops one and order is observable.
///
/// The service's clock records every sleep shorter than `parkingAtLeast` without waiting; the
/// client has its own clock, so its overall deadline parks and never fires.
struct WatchHarness {
  /// One tick's answer to the markets page request.
  enum Answer: Sendable {
    /// The market, prices moving with the tick.
    case ok
    /// An HTTP error status, with headers.
    case status(Int, headers: [String: String] = [:])
    /// No network.
    case offline
    /// No answer until cancelled.
    case never
  }

  let clock: ManualTimeSource
  let transport: StubTransport
  let service: CoinDataService
  let recorder: WatchRecorder

  init(
    _ script: [Answer], parkingAtLeast threshold: Double = 100_000, cache: MarketCache? = nil,
    sample: MarketSnapshot? = nil, handshake: Bool = true
  ) {
    let clock = ManualTimeSource(parkingAtLeast: threshold)
    let ticks = WatchCounter()
    let recorder = WatchRecorder()
    transport = StubTransport { request, _ in
      if let ids = request.query("ids") {
        let coins = ids.split(separator: ",").map {
          MarketFixture(id: String($0), symbol: "x", name: String($0), rank: nil, price: 1)
        }
        return HTTPResponse(status: 200, body: Data(Fixtures.body(coins).utf8))
      }
      let tick = ticks.next()
      if handshake { _ = await eventually { recorder.count >= tick } }
      switch script.indices.contains(tick) ? script[tick] : script.last ?? .ok {
      case .ok:
        return HTTPResponse(status: 200, body: Data(WatchMarket.body(tick: tick).utf8))
      case .status(let code, let headers):
        return HTTPResponse(status: code, headers: headers)
      case .offline:
        throw TransportError.offline
      case .never:
        try await waitForCancellation()
      }
    }
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: ManualTimeSource(), random: { 0 })
    service = CoinDataService(
      client: client, cache: cache, sampleLoader: { sample }, timeSource: clock)
    self.clock = clock
    self.recorder = recorder
  }

  /// Subscribes the recorder; call before the loop starts.
  func subscribe() async -> Task<Void, Never> {
    let stream = await service.updates()
    let recorder = recorder
    return Task {
      for await snapshot in stream { recorder.append(snapshot) }
    }
  }

  /// Runs the loop for `ticks` ticks with the recorder subscribed, then ends the subscription
  /// and returns what it received (every snapshot, thanks to the handshake) and how it ended.
  func run(
    _ request: MarketRequest = MarketRequest(count: 3, maxAge: 60), interval: Double,
    ticks: Int, random: Double = 0
  ) async -> (published: [MarketSnapshot], error: CoinGeckoError?) {
    let consumer = await subscribe()
    var failure: CoinGeckoError?
    do {
      try await service.runRefreshLoop(
        request, interval: interval, maxTicks: ticks, random: { random })
    } catch {
      failure = error
    }
    await service.finish()
    await consumer.valueCancellingWithCaller
    return (recorder.items, failure)
  }

  /// The markets page requests sent so far (those without `ids`).
  var pageRequests: [HTTPRequest] { transport.requests.filter { $0.query("ids") == nil } }

  /// The `ids` requests sent so far.
  var idsRequests: [HTTPRequest] { transport.requests.filter { $0.query("ids") != nil } }
}

/// The fake market: ``Fixtures/three`` with Bitcoin's price moving by one per tick.
enum WatchMarket {
  /// The `/coins/markets` body for a tick.
  static func body(tick: Int) -> String {
    var coins = Fixtures.three
    coins[0].price = bitcoinPrice(tick: tick)
    return Fixtures.body(coins)
  }

  /// Bitcoin's price on a tick.
  static func bitcoinPrice(tick: Int) -> Double {
    50_000 + Double(tick)
  }
}
