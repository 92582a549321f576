import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// `CoinDataService.updates()`: one stream per subscriber, latest wins, removed on termination.
@Suite(.timeLimit(.minutes(1))) struct CoinDataServiceUpdatesTests {
  private func makeService() -> CoinDataService {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(),
      transport: StubTransport(always: .failure(.offline)), retryPolicy: .none,
      timeSource: ManualTimeSource())
    return CoinDataService(
      client: client, cache: nil, sampleLoader: { nil }, timeSource: ManualTimeSource())
  }

  /// Snapshot number `n`, told apart by its time.
  private func snapshot(_ n: Int) -> MarketSnapshot {
    MarketSnapshot(
      coins: [], currency: "usd", asOf: ManualTimeSource.start + Double(n), source: .live)
  }

  @Test func everySubscriberGetsEverySnapshotInOrder() async {
    let service = makeService()
    var iterators: [AsyncStream<MarketSnapshot>.Iterator] = []
    for _ in 0..<3 { iterators.append(await service.updates().makeAsyncIterator()) }
    await expectEqual(service.subscriberCount, 3)
    var received: [[MarketSnapshot?]] = [[], [], []]
    for n in 1...4 {
      await service.publish(snapshot(n))
      for index in iterators.indices { received[index].append(await iterators[index].next()) }
    }
    let expected = (1...4).map { Optional(snapshot($0)) }
    expectEqual(received, [expected, expected, expected])
  }

  @Test func concurrentSubscribersEachSeeTheWholeSequence() async {
    let service = makeService()
    let collectors = (0..<3).map { _ in Collector() }
    var tasks: [Task<Void, Never>] = []
    for collector in collectors {
      let stream = await service.updates()
      tasks.append(
        Task {
          for await snapshot in stream { collector.append(snapshot) }
        })
    }
    for n in 1...5 {
      await service.publish(snapshot(n))
      #expect(await eventually { collectors.allSatisfy { $0.count == n } })
    }
    await service.finish()
    for task in tasks { await task.valueCancellingWithCaller }
    for collector in collectors {
      expectEqual(collector.items, (1...5).map(snapshot))
    }
    await expectEqual(service.subscriberCount, 0)
  }

  @Test func cancellingASubscriberEndsItsStreamAndUnsubscribes() async {
    let service = makeService()
    let stream = await service.updates()
    let other = await service.updates()
    let started = Collector()
    let task = Task {
      var seen = 0
      for await snapshot in stream {
        started.append(snapshot)
        seen += 1
      }
      return seen
    }
    await service.publish(snapshot(1))
    #expect(await eventually { started.count == 1 })
    await expectEqual(service.subscriberCount, 2)
    task.cancel()
    await expectEqual(task.valueCancellingWithCaller, 1)
    #expect(await eventually { await service.subscriberCount == 1 })
    await service.publish(snapshot(2))
    var iterator = other.makeAsyncIterator()
    await expectEqual(iterator.next(), snapshot(2))
  }

  @Test func slowSubscriberSkipsToTheNewest() async {
    let service = makeService()
    let stream = await service.updates()
    for n in 1...5 { await service.publish(snapshot(n)) }
    var iterator = stream.makeAsyncIterator()
    await expectEqual(iterator.next(), snapshot(5))
    await service.publish(snapshot(6))
    await expectEqual(iterator.next(), snapshot(6))
    await service.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func newSubscriberStartsWithTheLatest() async {
    let service = makeService()
    await service.publish(snapshot(1))
    await service.publish(snapshot(2))
    await expectEqual(service.latest, snapshot(2))
    var iterator = await service.updates().makeAsyncIterator()
    await expectEqual(iterator.next(), snapshot(2))
    await service.publish(snapshot(3))
    await expectEqual(iterator.next(), snapshot(3))
  }

  @Test func subscriberBeforeAnySnapshotWaitsForTheFirst() async {
    let service = makeService()
    #expect(await service.latest == nil)
    let stream = await service.updates()
    await service.publish(snapshot(1))
    var iterator = stream.makeAsyncIterator()
    await expectEqual(iterator.next(), snapshot(1))
  }

  @Test func finishEndsEveryStream() async {
    let service = makeService()
    let streams = [await service.updates(), await service.updates()]
    await service.finish()
    await expectEqual(service.subscriberCount, 0)
    for stream in streams {
      var iterator = stream.makeAsyncIterator()
      #expect(await iterator.next() == nil)
    }
  }
}

/// Collects snapshots a consumer task saw.
private final class Collector: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [MarketSnapshot] = []

  func append(_ snapshot: MarketSnapshot) {
    lock.withLock { storage.append(snapshot) }
  }

  var items: [MarketSnapshot] { lock.withLock { storage } }
  var count: Int { lock.withLock { storage.count } }
}
