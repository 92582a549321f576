import CoinGeckoAPI
import CoinsCommandLine
import CoinsHTTP
import CoinsModel
import CoinsTerminal
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation

/// An in-process CoinGecko for the portfolio commands: `/coins/markets` by page or by `ids`,
/// and `/search`, answered from a fixed list of coins. It answers through a ``StubTransport``,
/// which records every request.
struct PortfolioFakeCoinGecko: Sendable {
  /// One coin the fake knows.
  struct Listing: Sendable {
    var coin: Coin
    /// Whether it is on the first market page (the top 250).
    var inTop: Bool = true
  }

  private let listings: [Listing]
  private let failing: Bool

  /// A fake knowing `listings`; with `failing`, every request fails as if offline.
  init(_ listings: [Listing], failing: Bool = false) {
    self.listings = listings
    self.failing = failing
  }

  /// A transport answering as this fake.
  func transport() -> StubTransport {
    StubTransport { request, _ in try answer(request) }
  }

  /// The answer to one request.
  func answer(_ request: HTTPRequest) throws -> HTTPResponse {
    if failing { throw TransportError.offline }
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    func query(_ name: String) -> String? { items.first { $0.name == name }?.value }
    let path = request.url.path
    if path.hasSuffix("/coins/markets") {
      guard Self.currencies.contains(query("vs_currency") ?? "") else {
        return HTTPResponse(status: 400, body: Data(#"{"error":"invalid vs_currency"}"#.utf8))
      }
      let coins: [Coin]
      if let ids = query("ids") {
        let wanted = Set(ids.split(separator: ",").map(String.init))
        coins = listings.map(\.coin).filter { wanted.contains($0.id) }
      } else {
        coins = query("page") == "1" ? listings.filter(\.inTop).map(\.coin) : []
      }
      return Self.ok("[" + coins.map(Self.marketJSON).joined(separator: ",") + "]")
    }
    if path.hasSuffix("/search") {
      let wanted = (query("query") ?? "").lowercased()
      let found = listings.map(\.coin).filter {
        $0.symbol.lowercased() == wanted || $0.id == wanted || $0.name.lowercased().contains(wanted)
      }
      return Self.ok(#"{"coins":["# + found.map(Self.searchJSON).joined(separator: ",") + "]}")
    }
    return HTTPResponse(status: 404, body: Data(#"{"error":"not found"}"#.utf8))
  }

  /// The `vs_currency` codes the fake knows; any other is HTTP 400, as CoinGecko answers.
  static let currencies: Set<String> = ["usd", "eur", "gbp", "jpy", "chf", "btc", "eth"]

  private static func ok(_ body: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
  }

  private static func number(_ value: Double?) -> String {
    value.map { "\($0)" } ?? "null"
  }

  private static func marketJSON(_ coin: Coin) -> String {
    let sparkline = coin.sparkline.map {
      "{\"price\":[" + $0.map(number).joined(separator: ",") + "]}"
    }
    return #"{"id":"\#(coin.id)","symbol":"\#(coin.symbol)","name":"\#(coin.name)","#
      + #""current_price":\#(number(coin.price)),"market_cap_rank":\#(coin.rank.map(String.init) ?? "null"),"#
      + #""price_change_percentage_24h_in_currency":\#(number(coin.change24h)),"#
      + #""sparkline_in_7d":\#(sparkline ?? "null")}"#
  }

  private static func searchJSON(_ coin: Coin) -> String {
    #"{"id":"\#(coin.id)","name":"\#(coin.name)","symbol":"\#(coin.symbol.uppercased())","#
      + #""market_cap_rank":\#(coin.rank.map(String.init) ?? "null")}"#
  }
}

/// A temp folder, a fake CoinGecko and captured output, for running `coins portfolio …`.
struct PortfolioCommandWorld {
  let directory: TemporaryDirectory
  /// Every request the commands sent, answered by the ``PortfolioFakeCoinGecko``.
  let fake: StubTransport
  let stdout = CapturingSink()
  let stderr = CapturingSink()
  /// Stopped: nothing in these tests should wait, so every wait parks until cancelled and a
  /// deadline never fires while the fake answers.
  let clock: ManualTimeSource
  /// The bundled sample the commands fall back to (none by default).
  let sample: MarketSnapshot?

  /// The portfolio file the commands use (through `COINS_PORTFOLIO`).
  var portfolioURL: URL { directory.url.appendingPathComponent("data/portfolio.json") }

  init(
    _ listings: [PortfolioFakeCoinGecko.Listing] = PortfolioFakeCoinGecko.Listing.standard,
    failing: Bool = false,
    now: Date = PortfolioFixtures.marketTime,
    sample: MarketSnapshot? = nil
  ) throws {
    self.sample = sample
    directory = try TemporaryDirectory()
    fake = PortfolioFakeCoinGecko(listings, failing: failing).transport()
    clock = ManualTimeSource(now: now, parkingAtLeast: 0)
  }

  var context: CommandContext {
    CommandContext(
      environment: [
        "HOME": directory.url.path,
        "XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path,
        "COINS_PORTFOLIO": portfolioURL.path,
        "COINGECKO_BASE_URL": "http://coingecko.test/api/v3",
      ],
      stdout: stdout, stderr: stderr, terminal: TerminalInfo(isTerminal: false, width: 120),
      timeSource: clock, transport: fake, sampleLoader: { [sample] in sample },
      retryPolicy: RetryPolicy(maxAttempts: 1))
  }

  /// Runs `coins` with these words and returns the exit status.
  func run(_ words: String...) async -> Int32 {
    await CoinsCLI.run(arguments: words, context: context)
  }

  /// Writes the portfolio file by hand.
  func writePortfolio(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: portfolioURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: portfolioURL)
  }

  /// The portfolio file's text, or `nil` when there is none.
  var portfolioText: String? { TemporaryDirectory.text(of: portfolioURL) }

  func remove() { directory.remove() }
}

extension PortfolioFakeCoinGecko.Listing {
  /// Bitcoin, Ethereum, a bridged ETH ranked 640 and an unranked ETH token (both still in the
  /// fake's top page, as the sample and cache can hold them), Solana, and a coin ranked 3,000
  /// that only `/search` and `ids` requests find.
  static let standard: [PortfolioFakeCoinGecko.Listing] = [
    .init(coin: PortfolioFixtures.threeCoins[0]),
    .init(coin: PortfolioFixtures.threeCoins[1]),
    .init(
      coin: PortfolioFixtures.coin(
        "ethereum-wormhole", "eth", "Wormhole Bridged ETH", rank: 640, price: 2_990)),
    .init(coin: PortfolioFixtures.coin("eth-token", "eth", "ETH", rank: nil, price: 0.01)),
    .init(coin: PortfolioFixtures.threeCoins[2]),
    .init(
      coin: PortfolioFixtures.coin("tiny-cat", "tcat", "Tiny Cat", rank: 3_000, price: 0.0025),
      inTop: false),
  ]
}

extension StubTransport {
  /// The paths and the query items that matter, e.g. `/coins/markets?page=1`.
  var requestSummaries: [String] {
    requests.map { request in
      let url = request.url
      let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
      let kept = items.filter { ["page", "ids", "query", "vs_currency"].contains($0.name) }
      let path = url.path.replacingOccurrences(of: "/api/v3", with: "")
      return path
        + (kept.isEmpty
          ? "" : "?" + kept.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
    }
  }
}
