import CoinsModel
import CoinsPriceSources

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins prices import <file>`: every row checked first, then all of the file kept in
/// the prices file (over an earlier import of the same file), or nothing.
struct PricesImportCommand: RunnableCommand, Equatable {
  /// The file as typed.
  var file: String

  static let spec = CommandSpec(
    path: ["prices", "import"],
    abstract: "Import your own daily prices: a date,coin,price,currency CSV or a Kraken OHLCVT "
      + "<PAIR>_1440.csv file.",
    discussion: """
      A CSV has a header naming date, coin, price and currency (any order), then one
      price a line: 2021-05-01,btc,57714.66,usd (the coin a symbol or CoinGecko id).
      A file named <PAIR>_1440.csv is read as Kraken's daily OHLCVT export (no header;
      timestamp,open,high,low,close,volume,trades; XBT is BTC): each day's open.
      Every row is checked first: a bad one is an error naming its line and column,
      and nothing of the file is kept (exit 65). Importing a file again replaces what
      it gave before.
      """,
    arguments: [.init(name: "file", help: "The price file.", completion: .file)],
    parse: { parsed throws(UsageError) in
      let path = ["prices", "import"]
      guard let file = parsed.positionals.first, !file.isEmpty else {
        throw UsageError("Missing expected argument '<file>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PricesImportCommand(file: file)
    })

  /// The largest file read.
  static let maxBytes = 64 << 20

  func run(in context: CommandContext) async throws(CommandFailure) {
    let shown = Sanitizer.printable(file)
    guard let data = FileManager.default.contents(atPath: file) else {
      throw CommandFailure("Cannot read \(shown).", kind: .badData)
    }
    guard data.count <= Self.maxBytes else {
      throw CommandFailure("\(shown) is larger than 64 MB; nothing was imported.", kind: .badData)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CommandFailure("\(shown) is not UTF-8 text; nothing was imported.", kind: .badData)
    }
    let name = URL(fileURLWithPath: file).lastPathComponent
    let series: [OwnPriceSeries]
    do {
      series = try OwnPriceFile.read(text, name: name)
    } catch {
      throw CommandFailure(error.message, kind: .badData)
    }
    guard !series.isEmpty else {
      throw CommandFailure("\(shown) holds no prices; nothing was imported.", kind: .badData)
    }
    let store = PricesCommand.store(in: context)
    do {
      try store.add(series)
    } catch {
      throw CommandFailure(error.message)
    }
    let days = series.reduce(0) { $0 + $1.prices.count }
    var lines = ["Imported \(days) price\(days == 1 ? "" : "s") from \(Sanitizer.clean(name)):"]
    for coverage in OwnPriceCoverage.of(series) {
      lines.append("  " + PricesListCommand.summary(coverage))
    }
    lines.append("Kept in \(store.url.path); they price these days before any source.")
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }
}
