import CoinsServices
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Guesses, before the command line is parsed, whether this run will ask the network, so that
/// libcurl (~5 ms to load) can start loading on another thread while the command reads its
/// arguments and its cache.
///
/// The guess is cheap — one `stat` of the cache folder — and safe either way: a wrong "yes"
/// costs a library loaded beside a command that did not need it, a wrong "no" the load at
/// the first request, as without the guess.
enum NetworkWarmUp {
  /// The commands whose answers come from the market, price or known-coins caches. An array:
  /// a `Set` of strings would make the runtime look up `String: Hashable` here, a scan of
  /// every conformance in the binary (~0.1 ms the first time), before libcurl starts loading.
  static let marketCommands = ["top", "price", "watch"]

  /// Whether `arguments` (after the program's name) will make a request whatever the
  /// configuration says: `watch`, or `top` and `price` with no cache folder at all. Told from
  /// two environment variables (`variable`) and one `stat`, before anything else is read.
  static func isCertain(arguments: [String], variable: (String) -> String?) -> Bool {
    guard let command = marketCommand(arguments) else { return false }
    if command == "watch" { return true }
    guard
      let folder = MarketCache.defaultDirectoryPath(
        xdgCacheHome: variable("XDG_CACHE_HOME"), home: variable("HOME"))
    else { return false }
    return lastWritten(folder) == nil
  }

  /// Whether `arguments` (after the program's name) will most likely make a request at `now`:
  /// `watch` always; `top` and `price` when the cache folder is missing or was last written
  /// longer ago than the max age (`--max-age`, else the configuration's, else 60 s).
  static func isLikely(
    arguments: [String], configuration: Configuration?, environment: [String: String],
    now: Date
  ) -> Bool {
    guard let command = marketCommand(arguments) else { return false }
    if command == "watch" { return true }
    guard let maxAge = maxAge(arguments: arguments, configuration: configuration) else {
      return false
    }
    if maxAge <= 0 { return true }
    let folder = MarketCache.defaultDirectoryPath(environment: environment)
    guard let written = lastWritten(folder) else { return true }
    return now.timeIntervalSince1970 - written >= maxAge
  }

  /// The command `arguments` start with when it is one of ``marketCommands``.
  private static func marketCommand(_ arguments: [String]) -> String? {
    arguments.first.flatMap { marketCommands.contains($0) ? $0 : nil }
  }

  /// When the folder at `path` was last written (seconds since 1970), `nil` when it is missing.
  private static func lastWritten(_ path: String) -> Double? {
    var facts = stat()
    guard stat(path, &facts) == 0 else { return nil }
    return Double(facts.st_mtim.tv_sec) + Double(facts.st_mtim.tv_nsec) / 1e9
  }

  /// The max age the command will use, or `nil` when it cannot be told without parsing (a
  /// value the option would refuse).
  private static func maxAge(arguments: [String], configuration: Configuration?) -> Double? {
    guard let text = maxAgeText(arguments: arguments, configuration: configuration) else {
      return MarketOptions().maxAge
    }
    return try? OptionValue.seconds(
      text, for: MarketOptions.maxAgeOption.quoted, minimum: 0, path: [])
  }

  /// The `--max-age` value as written on the command line, else in the configuration.
  private static func maxAgeText(arguments: [String], configuration: Configuration?) -> String? {
    if let flag = arguments.firstIndex(where: { $0 == "--max-age" || $0.hasPrefix("--max-age=") }) {
      let word = arguments[flag]
      let text =
        word.hasPrefix("--max-age=")
        ? String(word.dropFirst("--max-age=".count))
        : arguments.indices.contains(flag + 1) ? arguments[flag + 1] : ""
      return text
    }
    return configuration?.settings["max_age"]?.text
  }
}
