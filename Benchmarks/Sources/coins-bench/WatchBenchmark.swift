import CoinGeckoAPI
import CoinsCurlTransport
import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// A clock whose waits return at once, so the refresh loop ticks as fast as the fake answers.
struct InstantTimeSource: TimeSource {
  func now() -> Date { Date() }
  func sleep(seconds: Double) async throws { try Task.checkCancellation() }
}

/// `coins watch`'s refresh loop driven for `ticks` fetches against the fake: resident memory
/// after a warm-up and at the end, to show it does not grow with time.
func watchBenchmark(baseURL: String, ticks: Int) async throws -> (
  before: Int, after: Int, seconds: Double, live: Int, samples: [Int]
) {
  // The client keeps the real clock: its deadline must not fire at once. Only the loop's
  // waits between ticks are skipped.
  let client = CoinGeckoClient(
    configuration: CoinGeckoConfiguration(baseURL: baseURL),
    transport: try CurlTransport.load(environment: [:]).get(),
    timeSource: SystemTimeSource())
  let service = CoinDataService(
    client: client, cache: nil, sampleLoader: { nil }, timeSource: InstantTimeSource())
  let updates = await service.updates()
  let reader = Task {
    var seen = 0
    for await snapshot in updates where snapshot.source == .live {
      seen += 1
      if snapshot.source != .live, ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
        FileHandle.standardError.write(Data("tick \(seen): \(snapshot.staleReason ?? "")\n".utf8))
      }
    }
    return seen
  }
  let request = MarketRequest(count: 20, maxAge: 0, allowFallback: false)
  let warmUp = max(1, ticks / 10)
  try await service.runRefreshLoop(request, interval: 0.001, maxTicks: warmUp)
  let before = residentBytes()
  let start = now()
  // Ten slices, with the resident set after each: growth would show as a rising series.
  var samples: [Int] = []
  let slice = max(1, ticks / 10)
  var done = 0
  while done < ticks {
    let count = min(slice, ticks - done)
    try await service.runRefreshLoop(request, interval: 0.001, maxTicks: count)
    done += count
    samples.append(residentBytes())
  }
  let seconds = now() - start
  let after = residentBytes()
  await service.finish()
  let live = await reader.value
  return (before, after, seconds, live, samples)
}
