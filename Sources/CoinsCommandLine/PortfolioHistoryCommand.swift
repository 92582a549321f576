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

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else { return status }
    if let wallet {
      do throws(CommandStopped) {
        try context.knownWallet(wallet, in: portfolio)
      } catch {
        return error.status
      }
    }
    var id: String?
    if let coin {
      id = await context.heldCoinID(coin, isID: false, in: portfolio, market: MarketOptions())
      guard id != nil else {
        return context.fail(
          PortfolioError.notHeld(Sanitizer.printable(coin)).message, status: ExitCode.failure)
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
    var entries = HistoryEntry.entries(of: portfolio, coin: id, rates: rates)
    if let wallet { entries.removeAll { $0.transaction.wallet != wallet } }
    switch format {
    case .json:
      // Written in the pieces it was made in: an answer can be tens of megabytes.
      for part in TransactionHistoryView.jsonParts(entries) { context.stdout.write(utf8: part) }
      context.stdout.write("\n")
    case .csv:
      context.stdout.write(TransactionHistoryView.csv(entries))
    case .table:
      context.stdout.write(
        entries.isEmpty
          ? TransactionHistoryView.emptyMessage
          : TransactionHistoryView.text(
            entries, names: await context.coinNames(), width: context.terminal.width))
    }
    // Freed on another core while this one ends the process.
    LetGo.inBackground((consume portfolio, consume entries))
    return ExitCode.success
  }
}
