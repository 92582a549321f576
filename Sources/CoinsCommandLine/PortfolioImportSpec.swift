import CoinsImport
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioCommand {
  static let formatOption = CommandSpec.Option(
    name: "--format", valueName: "name",
    help: "Read the file as this format (default: recognised from its header): "
      + ImportFormat.all.map(\.id).joined(separator: ", ") + ".",
    completion: .choices(ImportFormat.all.map(\.id)))
  static let walletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet the rows belong to (default: the format's name; coins' own CSV: default).")
  static let dryRunOption = CommandSpec.Option(
    name: "--dry-run", help: "Read, map and value everything and print the summary; write nothing.")
  static let importJSONOption = CommandSpec.Option(
    name: "--json", help: "Print the summary as JSON.")
  static let mapOption = CommandSpec.Option(
    name: "--map", valueName: "TICKER=id",
    help: "Say which CoinGecko coin a ticker is (repeatable); remembered for later imports.")
  static let timeZoneOption = CommandSpec.Option(
    name: "--timezone", valueName: "zone",
    help: "The zone of times written without one: UTC, +08:00 or an IANA name (default: the "
      + "format's own, UTC but for legacy KuCoin).")

  static let importSpec = CommandSpec(
    path: ["portfolio", "import"],
    abstract:
      "Add the history an exchange or tracker exported (or coins' own CSV), all or nothing.",
    discussion: """
      The format is recognised from the file's header (Coinbase, Coinbase Pro, Kraken, Binance,
      CoinTracking, Koinly, crypto.com, KuCoin, Bitstamp, or coins' own CSV as export writes
      it). Every row is checked before anything is written; a row that cannot be read names
      its line and column (exit 65) and nothing is imported. Tickers are resolved as add
      resolves a symbol (the best market-cap rank); one it cannot map fails the import with the
      closest coins and the --map to write. Trades between coins are valued at the row's own
      money value, else 1 USD per USD stablecoin, else CoinGecko's daily price that day; a
      deposit's cost is unknown unless its row gives a value. Rows already in the portfolio
      are skipped — by the exchange's id, else by their content and how often it came before
      in the file — so importing the same file twice adds nothing. The summary lists rows
      read, transactions by type and coin, the tickers mapped and why, values by source, rows
      skipped and why, and the costs left unknown.

      Examples:
        coins portfolio import transactions.csv
        coins portfolio import kraken-ledgers.csv --dry-run
        coins portfolio import binance.csv --map BETH=binance-eth --timezone Asia/Shanghai
      """,
    arguments: [.init(name: "file", help: "The export to read.", completion: .file)],
    options: [
      formatOption, walletOption, dryRunOption, importJSONOption, mapOption, timeZoneOption,
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "import"]
      guard let source = parsed.positionals.first, !source.isEmpty else {
        throw UsageError("Missing expected argument '<file>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      var options = PortfolioImportCommand(source: source, file: parsed.value(fileOption))
      if let name = parsed.value(formatOption) {
        guard let format = ImportFormat.named(name) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(name))' is invalid for '--format <name>': expected "
              + "one of \(ImportFormat.all.map(\.id).joined(separator: ", ")).", commandPath: path)
        }
        options.format = format.id
      }
      if let zone = parsed.value(timeZoneOption) {
        guard ImportTimeZone(zone) != nil else {
          throw UsageError(
            "The value '\(Sanitizer.printable(zone))' is invalid for '--timezone <zone>': expected "
              + "UTC, an offset such as +08:00, or a zone such as Europe/Berlin.",
            commandPath: path)
        }
        options.timeZone = zone
      }
      if let wallet = parsed.value(walletOption) {
        guard !wallet.isEmpty, wallet.count <= 64, Sanitizer.clean(wallet) == wallet else {
          throw UsageError(
            "The value '\(Sanitizer.printable(wallet))' is invalid for '--wallet <name>': expected "
              + "a short name such as kraken.", commandPath: path)
        }
        options.wallet = wallet
      }
      for text in parsed.values[mapOption.name] ?? [] {
        let parts = text.split(separator: "=", maxSplits: 1).map {
          String($0).trimmingWhitespace()
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
          SafeName.of(parts[1]) == parts[1], parts[0].count <= 64
        else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--map <TICKER=id>': expected "
              + "a ticker and a CoinGecko id such as XBT=bitcoin.", commandPath: path)
        }
        options.maps[parts[0].uppercased()] = parts[1].lowercased()
      }
      options.dryRun = parsed.flag(dryRunOption)
      options.json = parsed.flag(importJSONOption)
      options.market = try MarketOptions(parsed, path: path)
      return options
    })
}
