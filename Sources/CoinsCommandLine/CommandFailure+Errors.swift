import CoinGeckoAPI
import CoinsModel
import CoinsServices

extension CommandFailure {
  /// A CoinGecko failure: unavailable when the service could not be reached, else a refusal.
  package init(_ error: CoinGeckoError) {
    self.init(error.message, kind: error.isTransient ? .unavailable : .other)
    refusesCurrency = error.refusesCurrency
  }

  /// This failure, or when CoinGecko refused a currency that `currency` (the config file's
  /// setting, not the command line's) named, the failure naming that key, its file and line.
  func configured(_ currency: Configuration.Located?) -> CommandFailure {
    guard refusesCurrency, let currency else { return self }
    return CommandFailure(
      "currency \"\(Sanitizer.printable(currency.text))\" in \(currency.path) line "
        + "\(currency.line) is not a currency CoinGecko knows: set one it prices in, such as usd, "
        + "eur or btc.", kind: .configuration)
  }

  /// A portfolio failure: bad data for a file that cannot be read, else a refusal.
  package init(_ error: PortfolioError) {
    switch error {
    case .corrupt, .corruptWithBackup, .newerVersion, .unreadable:
      self.init(error.message, kind: .badData)
    default: self.init(error.message, kind: .other)
    }
  }

  /// A journal failure: bad data for a journal or file that cannot be read, else a refusal
  /// (a change that does not exist is a usage error).
  package init(_ error: JournalError) {
    switch error {
    case .noSuchChange: self.init(error.message, kind: .usage)
    default: self.init(error.message, kind: error.isBadData ? .badData : .other)
    }
  }

  /// An alerts-file failure: bad data for a file that cannot be read, else a refusal.
  package init(_ error: AlertError) {
    switch error {
    case .corrupt, .newerVersion, .unreadable: self.init(error.message, kind: .badData)
    case .writeFailed, .noSuchAlert: self.init(error.message, kind: .other)
    }
  }

  /// A coin that cannot be found: unavailable when CoinGecko was needed and could not be
  /// reached, else a refusal; `suffix` is added to the message.
  package init(_ failure: CoinLookup.Failure, adding suffix: String = "") {
    self.init(failure.message + suffix, kind: failure.isUnavailable ? .unavailable : .other)
    switch failure {
    case .service(let error), .refused(let error): refusesCurrency = error.refusesCurrency
    case .unknown: break
    }
  }
}
