import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// A command that already printed why it stopped, with the exit status to end with.
struct CommandStopped: Error {
  /// The exit status.
  let status: Int32
}

/// Where a transaction's price came from.
enum PriceOrigin: Equatable {
  /// The user gave it.
  case user
  /// CoinGecko's 00:00 UTC snapshot of that day.
  case history(day: Date)
  /// CoinGecko's live price, fetched now.
  case live
}

extension CommandContext {
  /// `date` checked not to be in the future, or now when none was given (cut to whole
  /// milliseconds so the file reads back the same).
  func transactionDate(_ date: Date?) throws(CommandStopped) -> Date {
    let now = ISO8601Timestamp.wholeMilliseconds(timeSource.now())
    guard let date else { return now }
    guard date <= now else {
      throw CommandStopped(
        status: fail(
          "The date \(ISO8601Timestamp.format(date)) is in the future; a transaction is "
            + "recorded when it has happened.", status: ExitCode.usage))
    }
    return date
  }

  /// The price of a transaction: the user's, else — for a dated one — CoinGecko's 00:00 UTC
  /// price that day, else — when `live` — the price fetched now; `nil` when none applies.
  /// Never a cached or sample price: without CoinGecko the command stops (exit 69) asking for
  /// `priceOption`.
  func transactionPrice(
    of coin: String, amount: Decimal, input: TransactionInput, currency: String,
    market: MarketOptions, live: Bool, priceOption: String
  ) async throws(CommandStopped) -> (price: Decimal, origin: PriceOrigin)? {
    if let price = input.pricePerCoin(amount: amount) { return (price, .user) }
    let ask = "Give the price with \(priceOption) or --total."
    if let date = input.date {
      let day = DateInput.startOfDay(date)
      let history = PriceHistory(
        client: makeClient(options: market),
        cacheDirectory: MarketCache.defaultDirectory(environment: environment))
      let dayText = DateInput.dayText(day)
      do {
        let found = try await history.price(
          of: coin, on: day, currency: currency, today: timeSource.now())
        guard let found else {
          throw CommandStopped(
            status: fail(
              "CoinGecko has no price of \(coin) in \(currency) on \(dayText). \(ask)",
              status: ExitCode.failure))
        }
        return (found, .history(day: day))
      } catch let error as CoinGeckoError {
        if case .httpStatus(401, _) = error {
          throw CommandStopped(
            status: fail(
              "CoinGecko's plan does not reach \(dayText): free plans see only the past 365 days "
                + "(HTTP 401). \(ask)", status: ExitCode.failure))
        }
        throw CommandStopped(
          status: fail(
            "Cannot get the price of \(coin) on \(dayText): \(Sentence.ended(error.message)) \(ask)",
            status: error.isTransient ? ExitCode.unavailable : ExitCode.failure))
      } catch let stopped as CommandStopped {
        throw stopped
      } catch {
        throw CommandStopped(status: fail("\(error)", status: ExitCode.failure))
      }
    }
    guard live else { return nil }
    do {
      let rows = try await makeService(options: market).coins(ids: [coin], currency: currency)
      guard let price = rows.first(where: { $0.id == coin })?.price,
        let exact = Decimal(string: String(price)).flatMap({
          DecimalInput.parse(DecimalInput.text($0))
        }),
        exact > 0
      else {
        throw CommandStopped(
          status: fail(
            "CoinGecko has no price of \(coin) in \(currency) now. \(ask)", status: ExitCode.failure
          ))
      }
      return (exact, .live)
    } catch let error as CoinGeckoError {
      throw CommandStopped(
        status: fail(
          "Cannot fetch the price of \(coin) now: \(Sentence.ended(error.message)) \(ask)",
          status: error.isTransient ? ExitCode.unavailable : ExitCode.failure))
    } catch let stopped as CommandStopped {
      throw stopped
    } catch {
      throw CommandStopped(status: fail("\(error)", status: ExitCode.failure))
    }
  }

  /// Changes the portfolio file under its lock, telling the user once when a version-1 file
  /// is rewritten as version 2; a failure is printed and thrown as the exit status.
  func updatePortfolio<T>(_ store: PortfolioStore, _ change: (inout Portfolio) throws -> T)
    throws(CommandStopped) -> T
  {
    do {
      return try store.update(
        onUpgrade: { kept in
          stderr.write(
            "Note: the portfolio file was upgraded to format version 2 (transactions); the "
              + "version-1 file is kept as \(kept.path).\n")
        }, change)
    } catch let error as PortfolioError {
      throw CommandStopped(status: fail(error))
    } catch {
      throw CommandStopped(status: fail("\(error)", status: ExitCode.failure))
    }
  }

  /// A price as the user reads it: `$42,000.00`.
  func money(_ value: Decimal, _ currency: String) -> String {
    NumberFormat.price(value.doubleValue, currency: CurrencyStyle(code: currency))
  }

  /// A profit or loss with its sign: `+$3,990.00`, `-$500.00`.
  func signedMoney(_ value: Decimal, _ currency: String) -> String {
    (value < 0 ? "-" : "+") + money(value < 0 ? -value : value, currency)
  }
}

extension CommandContext {
  /// The exchange rates `portfolio`'s figures in currencies other than `currency` need (none
  /// asked for when every figure is in `currency`); what CoinGecko cannot give is left out.
  func exchangeRates(for portfolio: Portfolio, in currency: String, options: MarketOptions) async
    -> CurrencyRates
  {
    let foreign = ExchangeRateService.foreignCurrencies(in: portfolio.holdings, target: currency)
    guard !foreign.isEmpty else { return CurrencyRates() }
    let service = ExchangeRateService(
      client: makeClient(options: options),
      cacheDirectory: MarketCache.defaultDirectory(environment: environment))
    return await service.rates(between: currency, and: foreign, now: timeSource.now()).rates
  }
}
