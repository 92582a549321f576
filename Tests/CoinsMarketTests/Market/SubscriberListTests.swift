import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct SubscriberListTests {
  @Test func eachSubscriberGetsItsOwnStream() async {
    var list = SubscriberList<Int>()
    let first = list.add(initial: nil) { _ in }
    let second = list.add(initial: 7) { _ in }
    expectEqual(list.count, 2)
    list.yield(8)
    var one = first.makeAsyncIterator()
    var two = second.makeAsyncIterator()
    await expectEqual(one.next(), 8)
    await expectEqual(two.next(), 8)
  }

  @Test func initialValueIsDeliveredFirst() async {
    var list = SubscriberList<Int>()
    var iterator = list.add(initial: 7) { _ in }.makeAsyncIterator()
    await expectEqual(iterator.next(), 7)
  }

  @Test func keepsOnlyTheNewestUnread() async {
    var list = SubscriberList<Int>()
    var iterator = list.add(initial: 1) { _ in }.makeAsyncIterator()
    for value in 2...9 { list.yield(value) }
    await expectEqual(iterator.next(), 9)
  }

  @Test func cancellationReportsTheSubscribersID() async {
    var list = SubscriberList<Int>()
    let ids = IDs()
    let kept = list.add(initial: nil) { ids.append($0) }
    let stream = list.add(initial: nil) { ids.append($0) }
    let task = Task { for await _ in stream {} }
    task.cancel()
    await task.valueCancellingWithCaller
    #expect(await eventually { ids.values == [1] })
    list.remove(1)
    expectEqual(list.count, 1)
    withExtendedLifetime(kept) {}
  }

  @Test func droppedStreamReportsItsID() async {
    var list = SubscriberList<Int>()
    let ids = IDs()
    _ = list.add(initial: nil) { ids.append($0) }
    #expect(await eventually { ids.values == [0] })
  }

  @Test func finishAllEndsEveryStreamAndEmptiesTheList() async {
    var list = SubscriberList<Int>()
    let ids = IDs()
    let streams = (0..<3).map { _ in list.add(initial: 1) { ids.append($0) } }
    list.finishAll()
    expectEqual(list.count, 0)
    for stream in streams {
      var iterator = stream.makeAsyncIterator()
      await expectEqual(iterator.next(), 1)
      #expect(await iterator.next() == nil)
    }
    expectEqual(ids.values.sorted(), [0, 1, 2])
  }
}

private final class IDs: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Int] = []

  func append(_ id: Int) { lock.withLock { storage.append(id) } }
  var values: [Int] { lock.withLock { storage } }
}
