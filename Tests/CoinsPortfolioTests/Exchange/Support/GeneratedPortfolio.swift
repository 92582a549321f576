import CoinsModel
import CoinsTestSupport
import Foundation

/// Random portfolios for the round-trip property: every kind of transaction, several wallets
/// (one with a space), moves between them, income, unknown costs, fees in other currencies,
/// exchange ids, awkward notes, back-dated entries and gaps in the ids left by `undo` — each
/// recorded through ``Portfolio/record(_:to:)``, so only what `coins` would accept.
struct GeneratedPortfolio {
  var random: SeededRandom
  var portfolio = Portfolio()
  /// The newest date recorded so far (most entries come after it; some are back-dated).
  private var clock = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

  static let coins = ["bitcoin", "ethereum", "solana", "binance-eth", "eth2"]
  static let wallets = ["default", "kraken", "cold storage", "ledger-nano", "coinbase"]
  static let currencies: [String?] = [nil, "usd", "eur", "gbp", "jpy", "btc"]
  static let notes = [
    "dca", "=HYPERLINK(\"x\")", "staking, weekly", "'quoted", "-1 fee", "@home", "café 中",
    "\"loud\"",
  ]

  /// The portfolio of `seed`.
  static func make(seed: UInt64) -> Portfolio {
    var generator = GeneratedPortfolio(random: SeededRandom(seed: seed))
    let steps = 4 + generator.random.below(30)
    for _ in 0..<steps { generator.step() }
    return generator.portfolio
  }

  /// An exact decimal of up to `digits` fraction digits, above 0, below `whole`.
  private mutating func decimal(below whole: Int, digits: Int) -> Decimal {
    let scale = (0..<digits).reduce(1) { total, _ in total * 10 }
    let units = 1 + random.below(whole * scale - 1)
    var text = String(units)
    if digits > 0 {
      while text.count <= digits { text = "0" + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    }
    return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
  }

  /// The next moment: mostly later than the last, now and then back-dated, with seconds and
  /// milliseconds.
  private mutating func nextDate() -> Date? {
    if random.below(40) == 0 { return nil }
    let backDated = random.below(6) == 0
    let step = TimeInterval(random.below(20 * 86_400)) + TimeInterval(random.below(1000)) / 1000
    // Whole milliseconds, as coins records a time (so that the file's text is exact).
    let date = ISO8601Timestamp.wholeMilliseconds(
      backDated ? clock.addingTimeInterval(-step) : clock.addingTimeInterval(step))
    if !backDated { clock = date }
    return date
  }

  /// Sources as the price chain labels a price it found.
  static let priceSources = ["coinbase", "binance via USDT, unverified", "yours", "coingecko"]

  private mutating func maybe<T>(_ oneIn: Int, _ make: (inout Self) -> T) -> T? {
    random.below(oneIn) == 0 ? make(&self) : nil
  }

  private mutating func step() {
    let coin = random.pick(Self.coins)
    let wallet = random.pick(Self.wallets)
    var transaction = Transaction(kind: .buy, amount: decimal(below: 5, digits: 8))
    transaction.date = nextDate()
    transaction.wallet = wallet
    transaction.note = maybe(3) { $0.random.pick(Self.notes) }
    transaction.externalID = maybe(4) { "tx-\($0.random.below(1_000_000))" }
    switch random.below(10) {
    case 0, 1, 2:
      transaction.price = decimal(below: 70_000, digits: random.below(9))
      transaction.currency = random.pick(Self.currencies)
      fee(&transaction)
      // Where a price came from, as the price chain records it (a comma inside, as some do).
      transaction.priceSource = maybe(3) { $0.random.pick(Self.priceSources) }
    case 3, 4:
      transaction.kind = .sell
      transaction.amount = decimal(below: 2, digits: 6)
      transaction.price = random.below(8) == 0 ? nil : decimal(below: 70_000, digits: 2)
      transaction.currency = random.pick(Self.currencies)
      fee(&transaction)
    case 5:
      transaction.kind = .transferIn
      switch random.below(4) {
      case 0:
        transaction.isIncome = true
        transaction.price = decimal(below: 3_000, digits: 4)
        transaction.currency = random.pick(Self.currencies)
      case 1:
        transaction.isIncome = true
        transaction.costUnknown = true
      case 2: transaction.costUnknown = true
      default: transaction.price = maybe(2) { $0.decimal(below: 100, digits: 2) }
      }
    case 6:
      transaction.kind = .transferOut
      transaction.amount = decimal(below: 2, digits: 6)
      fee(&transaction)
    case 7:
      move(coin)
      return
    case 8:
      undo()
      return
    default:
      transaction.amount = decimal(below: 3, digits: 3)
    }
    _ = try? portfolio.record(transaction, to: coin)
  }

  private mutating func fee(_ transaction: inout Transaction) {
    guard random.below(2) == 0 else { return }
    transaction.fee = random.below(5) == 0 ? 0 : decimal(below: 30, digits: 2)
    if random.below(3) == 0 { transaction.feeCurrency = random.pick(Self.currencies) }
  }

  /// A move of some of a coin between two wallets: out, then in (98–100 % of it) naming it.
  private mutating func move(_ coin: String) {
    guard let holding = portfolio.holding(id: coin), let date = nextDate() else { return }
    let from = random.pick(holding.wallets)
    let to = random.pick(Self.wallets.filter { $0 != from })
    let out = Transaction(
      kind: .transferOut, amount: decimal(below: 2, digits: 4), date: date, wallet: from)
    guard let recorded = try? portfolio.record(out, to: coin) else { return }
    let arrived = random.below(2) == 0 ? out.amount : out.amount * Decimal(string: "0.99")!
    let arrival = Transaction(
      kind: .transferIn, amount: arrived,
      date: date.addingTimeInterval(TimeInterval(random.below(3_600))), wallet: to,
      movedFrom: recorded.id)
    if (try? portfolio.record(arrival, to: coin)) == nil { _ = try? portfolio.undo(recorded.id) }
  }

  /// Takes back one transaction (and its move's other half): a gap in the ids.
  private mutating func undo() {
    let ids = portfolio.holdings.flatMap { $0.transactions.map(\.id) }
    guard !ids.isEmpty else { return }
    _ = try? portfolio.undo(random.pick(ids))
  }
}
