import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTerminal

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a command touches outside itself: environment, output streams, terminal facts,
/// clock, network and sample data. The real one is ``live(readerGone:network:)``; tests build
/// their own.
public struct CommandContext: Sendable {
  /// The environment variables.
  public var environment: [String: String]
  /// Standard output.
  public var stdout: any OutputSink
  /// Standard error.
  public var stderr: any OutputSink
  /// Where standard output goes and how wide it is.
  public var terminal: TerminalInfo
  /// The clock.
  public var timeSource: any TimeSource
  /// The network; created on the first request by ``live(readerGone:network:)``, so cached
  /// answers never start it.
  public var transport: any HTTPTransport
  /// The bundled sample snapshot.
  public var sampleLoader: @Sendable () -> MarketSnapshot?
  /// The retry policy for CoinGecko requests.
  public var retryPolicy: RetryPolicy
  /// When the command started, for its overall deadline; `nil` for a live view, whose every
  /// refresh has a deadline of its own.
  public var startedAt: Date?
  /// The zone times are shown in: the local one for the real process, UTC for tests (unless
  /// they say otherwise); a command's `--utc` overrides it.
  package var displayZone = DisplayZone.utc
  /// The command line being run (`coins portfolio add btc 0.5`), as typed: the portfolio's
  /// journal records it with every change (``portfolioStore(file:)``).
  package var commandLine: [String] = []
  /// Starts loading the network stack ahead of a likely request (``NetworkWarmUp``); `nil`
  /// (tests, fakes) never does.
  package var networkWarmUp: (@Sendable () -> Void)?
  /// The config file's `currency` when it, not the command line, chose the currency: a
  /// currency CoinGecko refuses is then reported as that line's (``CommandFailure/configured(_:)``).
  package var configuredCurrency: Configuration.Located?

  /// Creates a context.
  public init(
    environment: [String: String], stdout: any OutputSink, stderr: any OutputSink,
    terminal: TerminalInfo, timeSource: any TimeSource = SystemTimeSource(),
    transport: any HTTPTransport,
    sampleLoader: @escaping @Sendable () -> MarketSnapshot? = { BundledSample.load() },
    retryPolicy: RetryPolicy = RetryPolicy()
  ) {
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.terminal = terminal
    self.timeSource = timeSource
    self.transport = transport
    self.sampleLoader = sampleLoader
    self.retryPolicy = retryPolicy
  }

  /// The real process: its environment, file descriptors 1 and 2 (a closed pipe reported to
  /// `readerGone`), and the network the executable wires in, made on the first request.
  package static func live(readerGone: ReaderGone, network: NetworkAccess) -> CommandContext {
    let environment = ProcessInfo.processInfo.environment
    var context = CommandContext(
      environment: environment,
      stdout: FileDescriptorSink(descriptor: STDOUT_FILENO, readerGone: readerGone),
      stderr: FileDescriptorSink(descriptor: STDERR_FILENO, readerGone: readerGone),
      terminal: TerminalInfo.current(environment: environment),
      transport: LazyTransport { network.makeTransport(environment) })
    context.displayZone = DisplayZone.local()
    context.networkWarmUp = { network.warmUp(environment) }
    return context
  }

  /// A market service configured from the environment and the command's options.
  func makeService(options: MarketOptions) -> CoinDataService {
    CoinDataService(
      client: makeClient(options: options),
      cache: MarketCache(directory: MarketCache.defaultDirectory(environment: environment)),
      sampleLoader: sampleLoader, timeSource: timeSource)
  }

  /// A CoinGecko client configured from the environment and the command's options.
  func makeClient(options: MarketOptions) -> CoinGeckoClient {
    let configuration = CoinGeckoConfiguration.fromEnvironment(
      environment, requestTimeout: options.timeout)
    var client = CoinGeckoClient(
      configuration: configuration, transport: transport, retryPolicy: retryPolicy,
      deadline: options.timeoutIsWholeBudget ? options.timeout : nil, timeSource: timeSource)
    client.endOfCommand = startedAt?.addingTimeInterval(client.deadline)
    return client
  }

  /// The favourites file (`coins watch`'s `f`).
  func favoritesStore() -> FavoritesStore {
    FavoritesStore(url: FavoritesStore.defaultURL(environment: environment))
  }

  /// The portfolio file store for an optional `--file`; its changes are journaled with the
  /// command line and the context's clock.
  func portfolioStore(file: String?) -> PortfolioStore {
    var store = PortfolioStore(
      url: PortfolioStore.defaultURL(environment: environment, explicitPath: file))
    store.commandLine = commandLine
    let clock = timeSource
    store.now = { ISO8601Timestamp.wholeMilliseconds(clock.now()) }
    return store
  }

  /// The portfolio in `store`; a file that cannot be read is a failure (bad data: 65).
  func loadPortfolio(from store: PortfolioStore) throws(CommandFailure) -> Portfolio {
    try readPortfolio(from: store).portfolio
  }

  /// The portfolio as read, for a change made right after (``updatePortfolio(_:after:names:_:)``).
  func readPortfolio(from store: PortfolioStore) throws(CommandFailure) -> PortfolioRead {
    do {
      return try store.read()
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The text style for standard output under `choice`.
  func style(_ choice: ColorChoice) -> TextStyle {
    TextStyle(enabled: choice.enabled(isTerminal: terminal.isTerminal, environment: environment))
  }
}
