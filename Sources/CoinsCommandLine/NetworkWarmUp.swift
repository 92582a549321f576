import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Guesses, once the command line is parsed, whether the command will ask the network, so that
/// the transport (libcurl: ~5 ms to load) gets ready on another thread while the command sets
/// itself up and looks at its cache.
///
/// The guess is cheap — the command's own max age and one `stat` of the cache folder — and
/// safe either way: a wrong "yes" costs a library loaded beside a command that did not need
/// it, a wrong "no" the load at the first request, as without the guess.
package enum NetworkWarmUp {
  /// Whether `command` will most likely make a request at `now`: a command that reads the
  /// market (``RunnableCommand/marketMaxAge``) with a max age of 0, no cache folder, or one
  /// last written longer ago than its max age.
  package static func isLikely(
    _ command: any RunnableCommand, environment: [String: String], now: Date
  )
    -> Bool
  {
    guard let maxAge = command.marketMaxAge else { return false }
    if maxAge <= 0 { return true }
    let folder = MarketCache.defaultDirectoryPath(environment: environment)
    guard let written = FileTimes.modified(folder) else { return true }
    return now.timeIntervalSince1970 - written >= maxAge
  }
}
