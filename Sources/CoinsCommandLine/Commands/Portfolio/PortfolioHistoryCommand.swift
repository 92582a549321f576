import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio history`: every transaction from the file, as a table, JSON or CSV;
/// the network only for exchange rates, when a sale took coins bought in another currency.
struct PortfolioHistoryCommand: RunnableCommand, Equatable {
  /// Only this coin's transactions (its CoinGecko id as held), when given.
  var coin: String?
  /// Table, JSON or CSV.
  var format: OutputFormat
  /// Only this wallet's transactions (`--wallet`).
  var wallet: String? = nil
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    if let wallet {
      try context.knownWallet(wallet, in: portfolio)
    }
    let held = context.heldCoins()
    var id: String?
    if let coin {
      id = await held.id(of: coin, isID: false, in: portfolio)
      guard id != nil else {
        throw CommandFailure(
          PortfolioError.notHeld(Sanitizer.printable(coin)).message)
      }
    }
    // Only a sale of coins bought in another currency needs rates (asked for, kept a day).
    var rates = CurrencyRates()
    for holding in portfolio.holdings where id == nil || holding.id == id {
      for currency in holding.saleCurrencies {
        let needed = ExchangeRateService.foreignCurrencies(in: [holding], target: currency)
        guard !needed.isEmpty else { continue }
        let found = await context.exchangeRates(
          for: Portfolio(holdings: [holding]), in: currency, options: MarketOptions())
        rates.dailyBitcoinPrices.merge(found.dailyBitcoinPrices) { $1 }
        rates.todaysBitcoinPrices.merge(found.todaysBitcoinPrices) { $1 }
        rates.today = found.today
      }
    }
    let listing = HistoryListing(
      of: portfolio, coin: id, wallet: wallet, rates: rates, spread: EveryCore())
    switch format {
    case .json:
      // Written in the pieces it was made in: an answer can be tens of megabytes.
      for part in TransactionHistoryView.jsonParts(listing) { context.stdout.write(utf8: part) }
      context.stdout.write("\n")
    case .csv:
      let entries = listing.entries
      context.stdout.write(TransactionHistoryView.csv(entries))
      LetGo.atExit(consume entries)
    case .table:
      let entries = listing.entries
      context.stdout.write(
        entries.isEmpty
          ? TransactionHistoryView.emptyMessage
          : TransactionHistoryView.text(
            entries, names: await held.names(), width: context.terminal.width))
      LetGo.atExit(consume entries)
    }
    // Not freed: the process ends right after, and the system takes the memory back.
    LetGo.atExit((consume portfolio, consume listing))
  }
}

extension PortfolioCommand {
  static let historySpec = CommandSpec(
    path: ["portfolio", "history"],
    abstract: "List every transaction with its id, and each sale's realized profit or loss.",
    discussion: """
      A sale's profit or loss is first in, first out, in the sale's own currency (coins bought
      in another currency converted at their day's rate, the only network use).

      Examples:
        coins portfolio history
        coins portfolio history bitcoin --csv
      """,
    arguments: [
      .init(
        name: "coin", help: "Only this held coin: its symbol (sol) or CoinGecko id.",
        isOptional: true, completion: .heldCoin)
    ],
    options: [
      OutputFormat.jsonOption, OutputFormat.csvOption, WalletOptions.filterOption, fileOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "history"]
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PortfolioHistoryCommand(
        coin: parsed.positionals.first, format: try OutputFormat(parsed, path: path),
        wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
        file: parsed.value(fileOption))
    })
}
