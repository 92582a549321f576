/// Where a market snapshot came from.
public enum DataSource: String, Sendable, Equatable {
  /// Fetched from the API just now (or reused from a cache younger than `--max-age`).
  case live
  /// An older cached answer, shown because the API could not be reached.
  case cache
  /// The sample snapshot bundled with `coins`, shown when there is neither API nor cache.
  case sample
}
