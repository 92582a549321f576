import CoinsModel
import CoinsSupport
import CoinsUnitTestSupport
import Dispatch
import Synchronization
import Testing

/// `LetGo.inBackground`: the value is freed on another thread, after the call has returned.
@Suite struct LetGoTests {
  /// What a freed `Watched` found: whether the caller had gone on before it was freed.
  final class Record: Sendable {
    let callerHadGoneOn = Mutex<Bool?>(nil)
  }

  /// Waits, when freed, for the caller's signal that it went on (10 s at most).
  final class Watched: Sendable {
    let record: Record
    let callerWentOn: DispatchSemaphore

    init(record: Record, callerWentOn: DispatchSemaphore) {
      (self.record, self.callerWentOn) = (record, callerWentOn)
    }

    deinit {
      let wentOn = callerWentOn.wait(timeout: .now() + 10) == .success
      record.callerHadGoneOn.withLock { $0 = wentOn }
    }
  }

  @Test func theValueIsFreedElsewhereAfterTheCallReturns() async {
    let record = Record()
    let wentOn = DispatchSemaphore(value: 0)
    // Freed here, inside the call, the value would wait 10 s for a signal not yet sent.
    LetGo.inBackground(Watched(record: record, callerWentOn: wentOn))
    wentOn.signal()
    #expect(await holds(within: 20) { record.callerHadGoneOn.withLock { $0 } != nil })
    #expect(record.callerHadGoneOn.withLock { $0 } == true)
  }
}
