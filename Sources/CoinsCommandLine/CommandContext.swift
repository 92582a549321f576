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
  /// Starts loading the network stack ahead of a likely request (``NetworkWarmUp``); `nil`
  /// (tests, fakes) never does.
  package var networkWarmUp: (@Sendable () -> Void)?

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

  /// The portfolio file store for an optional `--file`.
  func portfolioStore(file: String?) -> PortfolioStore {
    PortfolioStore(url: PortfolioStore.defaultURL(environment: environment, explicitPath: file))
  }

  /// The portfolio in `store`, or `nil` after printing why it cannot be read; `status` is then
  /// the exit status (65 for a corrupt or unreadable file).
  func loadPortfolio(from store: PortfolioStore, status: inout Int32) -> Portfolio? {
    readPortfolio(from: store, status: &status)?.portfolio
  }

  /// The portfolio as read, for a change made right after (``updatePortfolio(_:after:_:)``);
  /// `nil` after printing why it cannot be read (the exit status in `status`).
  func readPortfolio(from store: PortfolioStore, status: inout Int32) -> PortfolioRead? {
    do {
      return try store.read()
    } catch {
      status = fail(error)
      return nil
    }
  }

  /// Prints a portfolio failure and returns its exit status (65 for a file that cannot be read).
  func fail(_ error: PortfolioError) -> Int32 {
    fail(error.message, status: error.exitCode)
  }

  /// The text style for standard output under `choice`.
  func style(_ choice: ColorChoice) -> TextStyle {
    TextStyle(enabled: choice.enabled(isTerminal: terminal.isTerminal, environment: environment))
  }

  /// Prints `Error: message` to stderr and returns `status`.
  func fail(_ message: String, status: Int32) -> Int32 {
    stderr.write("Error: \(message)\n")
    return status
  }

  /// Prints a usage error found when the command ran (one that needs the clock, say) as the
  /// parser prints its own — message, usage line, help hint — and returns 64.
  func fail(_ error: UsageError) -> Int32 {
    let spec = CommandCatalog.spec(at: error.commandPath) ?? CommandCatalog.root
    stderr.write(HelpFormatter.usageError(error, spec: spec))
    return ExitCode.usage
  }

  /// Prints a CoinGecko failure and returns its exit status: 69 when the service was
  /// unavailable, 1 when it refused the request.
  func fail(_ error: CoinGeckoError) -> Int32 {
    fail(error.message, status: error.isTransient ? ExitCode.unavailable : ExitCode.failure)
  }
}
