import CoinGeckoAPI
import CoinsModel
import CoinsPriceSources
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The price chain a command uses, as the config file and the environment set it up: the
/// `[prices]` and `[network]` settings, your imported prices first (by default), the sources'
/// base URLs, CoinGecko's plan, and the closed days kept in `~/.cache/coins/daily-prices/`.
enum PriceChainSetup {
  /// The folder, under the cache folder, where the sources' answers for closed days are kept.
  static let cacheFolderName = "daily-prices"

  /// The `[prices]` and `[network]` settings of the config file (the defaults without one).
  static func settings(environment: [String: String]) throws(CommandFailure) -> PriceSettings {
    let path = Configuration.path(environment: environment)
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return PriceSettings() }
    do {
      return try PriceSettings(try TOMLDocument(parsing: text), file: path)
    } catch let invalid as PriceSettings.Invalid {
      throw CommandFailure(invalid.message, kind: .configuration)
    } catch {
      throw CommandFailure("\(path): \(error)", kind: .configuration)
    }
  }

  /// The chain of `context`, with `ownSeries`; each wait for a rate limit told to `onWait`.
  static func assembly(
    in context: CommandContext, settings: PriceSettings, ownSeries: [OwnPriceSeries],
    onWait: @escaping @Sendable (BudgetWait) -> Void
  ) -> PriceChainAssembly {
    let environment = context.environment
    let cache = MarketCache.defaultDirectory(environment: environment)
      .appendingPathComponent(cacheFolderName)
    return PriceChainAssembly(
      settings: settings, endpoints: PriceSourceEndpoints.fromEnvironment(environment),
      coinGecko: CoinGeckoConfiguration.fromEnvironment(environment), ownSeries: ownSeries,
      transport: context.transport, timeSource: context.timeSource, cacheDirectory: cache,
      onWait: onWait)
  }
}
