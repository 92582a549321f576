import CoinsModel
import Dispatch
import Synchronization

/// Reads a `/coins/markets` page into coins while it arrives. As soon as an answer declares a
/// large body (or 64 KB of it are in), a thread of its own ("coins-reader") follows the
/// transfer element by element. When the last byte is in, the transport's thread reads the
/// second half of what the reader has not reached yet while the reader finishes the first, so
/// the coins are ready soon after the transfer ends instead of a whole read later.
///
/// The same elements, the same grammar and the same refusals as ``MarketsFastDecoder``: what
/// this declines (`nil` from ``coins(in:)``), the caller decodes whole, with the same result
/// or error as ever.
package final class MarketsStreamReader: HTTPBodyObserver {
  /// The reader thread starts once an answer declares or has this many bytes: a smaller answer
  /// is read whole, faster than a thread starts.
  package static let defaultStartSize = 64 * 1024

  private let startSize: Int

  private struct State {
    /// Counts answers: a new one (a retry, an interim answer) makes the reader start over.
    var answer = 0
    var arrived: ArrivedBytes?
    /// The `{` of the last element known to be followed by another: the reader reads up to it
    /// until the body has ended.
    var lastBoundary = 0
    var ended = false
    /// The transfer failed, or the caller reads the answer whole: the reader gives up.
    var abandoned = false
    var readerRunning = false
    /// The `{` where the reader stops: the caller reads from there.
    var stop: Int?
    /// Where the element the reader is reading (or reads next) starts.
    var claimed = 0
    /// The reader's coins (`nil`: it declined) for ``answer``, once it is done.
    var outcome: [Coin]??
    /// The coins from ``stop`` to the end (`nil`: they declined), once read.
    var tail: [Coin]??
  }

  private let state = Mutex(State())
  /// Signalled whenever the reader may have something new to do.
  private let wake = DispatchSemaphore(value: 0)
  /// Signalled whenever the reader finishes an answer.
  private let readerDone = DispatchSemaphore(value: 0)

  /// A reader that starts following an answer at `startSize` bytes.
  package init(startSize: Int = defaultStartSize) {
    self.startSize = startSize
  }

  // MARK: HTTPBodyObserver (the transfer's thread)

  package func answerBegan() {
    state.withLock { state in
      state = State(answer: state.answer + 1, readerRunning: state.readerRunning)
    }
    wake.signal()
  }

  package func lengthDeclared(_ length: Int) {
    if length >= startSize { startReader() }
  }

  package func bodyArrived(_ bytes: ArrivedBytes) {
    let large = state.withLock { state -> Bool in
      let searchFrom = max(state.arrived?.count ?? 0, state.lastBoundary)
      state.arrived = bytes
      if let boundary = bytes.withUnsafeBytes({ ElementBoundary.last(in: $0, from: searchFrom) }) {
        state.lastBoundary = boundary
      }
      return bytes.count >= startSize
    }
    if large { startReader() }
    wake.signal()
  }

  /// The whole body is in: the reader finishes the first half of what it has not reached yet,
  /// and the second half is read here, before the transport hands the answer on.
  package func bodyEnded(complete: Bool) {
    let split = state.withLock { state -> (ArrivedBytes, Int)? in
      state.ended = true
      guard complete else {
        state.abandoned = true
        return nil
      }
      guard state.readerRunning, state.outcome == nil, let arrived = state.arrived else {
        return nil
      }
      let middle = max(state.claimed + 1, (state.claimed + arrived.count) / 2)
      guard let split = arrived.withUnsafeBytes({ ElementBoundary.first(in: $0, from: middle) })
      else { return nil }
      state.stop = split
      return (arrived, split)
    }
    wake.signal()
    guard let (arrived, split) = split else { return }
    let tail = arrived.withUnsafeBytes {
      MarketsFastDecoder.secondHalf(UnsafeRawBufferPointer(rebasing: $0[split...])) { $0.coin }
    }
    state.withLock { $0.tail = tail }
  }

  /// Starts the reader thread for this answer, unless one runs or has already read it.
  private func startReader() {
    let start = state.withLock { state -> Bool in
      guard !state.readerRunning, state.outcome == nil else { return false }
      state.readerRunning = true
      return true
    }
    if start, !DetachedThread.start(named: "coins-reader", { self.readAlong() }) {
      state.withLock { $0.readerRunning = false }
    }
  }

  // MARK: The caller

  /// The coins of `body` — the whole answer, as the transport returned it — or `nil` when no
  /// reader followed this answer or a part of it declined: then decode it whole.
  package func coins(in body: UnsafeRawBufferPointer) -> [Coin]? {
    let followed = state.withLock { state -> Bool in
      guard state.readerRunning || state.outcome != nil,
        let arrived = state.arrived, arrived.count == body.count
      else {
        state.abandoned = true
        return false
      }
      return true
    }
    guard followed else {
      wake.signal()
      return nil
    }
    guard let head = readerOutcome() else { return nil }
    switch state.withLock({ ($0.stop, $0.tail) }) {
    case (nil, _): return head
    case (_?, let tail??): return head + tail
    default: return nil
    }
  }

  /// Waits for the reader to finish the current answer.
  private func readerOutcome() -> [Coin]? {
    while true {
      if let outcome = state.withLock({ $0.outcome }) { return outcome }
      readerDone.wait()
    }
  }

  // MARK: The reader thread

  private enum Step {
    case wait
    case read(ArrivedBytes, limit: Int)
    case done
  }

  private func readAlong() {
    var answer = -1
    var cursor = ElementCursor()
    while true {
      let step = state.withLock { state -> Step in
        if state.answer != answer {
          answer = state.answer
          cursor = ElementCursor()
        }
        if cursor.finished || cursor.declined || state.abandoned { return .done }
        guard let arrived = state.arrived else { return state.ended ? .done : .wait }
        if let stop = state.stop {
          if cursor.position >= stop { return .done }
          return .read(arrived, limit: min(stop, arrived.count))
        }
        let limit = state.ended ? arrived.count : state.lastBoundary
        return cursor.position < limit ? .read(arrived, limit: limit) : .wait
      }
      switch step {
      case .wait:
        wake.wait()
      case .read(let bytes, let limit):
        bytes.withUnsafeBytes { body in
          cursor.read(body, upTo: limit) { start in
            state.withLock { state in
              guard state.answer == answer, start < (state.stop ?? .max) else { return false }
              state.claimed = start
              return true
            }
          }
        }
      case .done:
        let finished = state.withLock { state -> Bool in
          guard state.answer == answer else { return false }
          let reachedStop = state.stop.map { cursor.position == $0 } ?? false
          let read = (cursor.finished || reachedStop) && !cursor.declined && !state.abandoned
          state.outcome = read ? cursor.coins : nil
          state.readerRunning = false
          return true
        }
        readerDone.signal()
        if finished { return }
      }
    }
  }
}

/// The reader thread's place in one answer: past `[` and some whole elements.
private struct ElementCursor {
  /// Where the next element (or the opening `[`) starts.
  var position = 0
  var coins: [Coin] = []
  var opened = false
  /// The closing `]` and the end of the body were read.
  var finished = false
  var declined = false

  /// Reads whole elements from `position` while they start before `limit` and `mayStart`
  /// allows (it is asked with each element's start); the body's end, `]`, closes the array.
  mutating func read(
    _ body: UnsafeRawBufferPointer, upTo limit: Int, mayStart: (Int) -> Bool
  ) {
    do throws(FastPathDeclined) {
      var reader = try JSONByteReader(UnsafeRawBufferPointer(rebasing: body[..<limit]))
      reader.index = position
      if !opened {
        try reader.expect(0x5B)
        opened = true
        coins.reserveCapacity(256)
        if reader.consume(0x5D) { return closed(&reader, at: body.count) }
        reader.skipWhitespace()
        position = reader.index
      }
      while position < limit, mayStart(position) {
        coins.append(try MarketsFastDecoder.readMarket(&reader).coin)
        if try !reader.continues(before: 0x5D) { return closed(&reader, at: body.count) }
        reader.skipWhitespace()
        position = reader.index
      }
    } catch {
      declined = true
    }
  }

  /// After `]`: only whitespace may follow, to the end of the whole body.
  private mutating func closed(_ reader: inout JSONByteReader, at end: Int) {
    reader.skipWhitespace()
    position = reader.index
    if reader.isAtEnd && reader.index == end {
      finished = true
    } else {
      declined = true
    }
  }
}
