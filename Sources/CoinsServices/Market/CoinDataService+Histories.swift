import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// What a batch of histories came to: the ones that arrived (fresh, cached or stood in for)
  /// and why the others did not.
  public struct HistoryBatch: Sendable {
    /// The histories that arrived, by coin id.
    public var snapshots: [String: HistorySnapshot] = [:]
    /// The coins whose history did not arrive, and why.
    public var failures: [String: CoinGeckoError] = [:]
  }

  /// The histories of several coins, `concurrency` requests at a time (one, without a key:
  /// keyless use gets only a few calls a minute). Each coin follows ``history(_:)``'s cache and
  /// fallback rules; a coin that fails (the command's deadline passed, say) is reported in
  /// ``HistoryBatch/failures`` rather than failing the others.
  public func histories(_ requests: [HistoryRequest], concurrency: Int) async -> HistoryBatch {
    var batch = HistoryBatch()
    var pending = requests.makeIterator()
    await withTaskGroup(of: (String, Result<HistorySnapshot, CoinGeckoError>).self) { group in
      func start(_ request: HistoryRequest) {
        group.addTask {
          // Swift 6.3.1 with -O miscompiles an async closure returning a tuple literal that holds
          // `try await` inside do/catch: the store of the tuple's first element is dropped, the
          // pair reads as nil and the group ends early (issue 27). The awaited value is bound
          // to a local first; keep it so.
          do throws(CoinGeckoError) {
            let snapshot = try await self.history(request)
            return (request.id, .success(snapshot))
          } catch {
            return (request.id, .failure(error))
          }
        }
      }
      for _ in 0..<max(1, concurrency) {
        guard let request = pending.next() else { break }
        start(request)
      }
      while let (id, outcome) = await group.next() {
        switch outcome {
        case .success(let snapshot): batch.snapshots[id] = snapshot
        case .failure(let error): batch.failures[id] = error
        }
        if let request = pending.next() { start(request) }
      }
    }
    return batch
  }

  /// Whether `request` would have to ask CoinGecko (no cached answer young enough).
  public func needsFetch(_ request: HistoryRequest) -> Bool {
    let now = timeSource.now()
    guard let cached = answers?.load(request.cacheName) else { return true }
    let maxAge = request.maxAge ?? request.window.cacheAge(at: now)
    return !Self.isFresh(cached.storedAt, maxAge: maxAge, now: now)
  }
}
