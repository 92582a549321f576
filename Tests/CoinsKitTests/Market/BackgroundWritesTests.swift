import Foundation
import Synchronization
import Testing

@testable import CoinsServices

@Suite struct BackgroundWritesTests {
  @Test func writesRunOneAtATimeInTheOrderAskedAndFinishWaitsForAll() {
    let writes = BackgroundWrites()
    let done = Mutex<[Int]>([])
    let running = Mutex(0)
    let overlapped = Mutex(false)
    for index in 0..<40 {
      writes.start {
        running.withLock { count in
          count += 1
          if count > 1 { overlapped.withLock { $0 = true } }
        }
        usleep(index % 5 == 0 ? 2000 : 0)
        done.withLock { $0.append(index) }
        running.withLock { $0 -= 1 }
      }
    }
    writes.finish()
    #expect(done.withLock { $0 } == Array(0..<40))
    #expect(!overlapped.withLock { $0 })
  }

  @Test func aWriterStartsAgainAfterItStopped() {
    let writes = BackgroundWrites()
    let done = Mutex<[String]>([])
    writes.start { done.withLock { $0.append("first") } }
    writes.finish()
    writes.start { done.withLock { $0.append("second") } }
    writes.finish()
    #expect(done.withLock { $0 } == ["first", "second"])
  }

  @Test func finishWithNothingAskedReturnsAtOnce() {
    BackgroundWrites().finish()
  }
}
