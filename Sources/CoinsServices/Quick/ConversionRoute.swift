import CoinGeckoAPI
import CoinsModel

/// Finds the rate between two words of `coins convert`: currencies by `/exchange_rates`, coins
/// (or a coin and a currency) by one `/simple/price` request.
package struct ConversionRoute {
  /// Why there is no rate.
  package struct Failure: Error {
    /// What to tell the user.
    package var message: String
    /// Whether CoinGecko could not be reached (rather than having no answer).
    package var isUnavailable = false
  }

  /// Where prices, rates and coins come from.
  package let service: CoinDataService
  /// How old a cached answer may be.
  package let maxAge: Double
  /// Whether a cached or sample answer may stand in for CoinGecko's.
  package let allowFallback: Bool

  /// A route through `service`, with the cache rules of the command.
  package init(service: CoinDataService, maxAge: Double, allowFallback: Bool) {
    self.service = service
    self.maxAge = maxAge
    self.allowFallback = allowFallback
  }

  /// The terms the words mean and the rate between them (units of `to` per `from`).
  package func rate(from: String, to: String) async throws(Failure) -> (
    (from: ConversionTerm, to: ConversionTerm), Sourced<Double>
  ) {
    let stored = await service.storedExchangeRates() ?? []
    let codes = CostCurrency.knownOffline.union(stored.map(\.code))
    var fromCode = codes.contains(from) ? from : nil
    var toCode = codes.contains(to) ? to : nil
    if fromCode != nil && toCode != nil {
      if let found = try await exchangeRate(from: from, to: to) { return found }
      // A code without an exchange rate may still be a coin (`sol`), and one that is a coin
      // too can still be priced as one when the rates are out of reach.
      let known = await service.storedExchangeRates().map { Set($0.map(\.code)) }
      let crypto = ConversionTerm.cryptoCurrencyCodes
      if known.map({ !$0.contains(from) }) ?? crypto.contains(from) { fromCode = nil }
      if known.map({ !$0.contains(to) }) ?? crypto.contains(to) { toCode = nil }
    }
    // Beside a coin, a code that is a coin too (`sol`, `btc`) is priced as that coin, in USD.
    if fromCode == nil || toCode == nil {
      if fromCode.map(ConversionTerm.cryptoCurrencyCodes.contains) == true { fromCode = nil }
      if toCode.map(ConversionTerm.cryptoCurrencyCodes.contains) == true { toCode = nil }
    }
    let coins = try await resolve([from, to].filter { $0 != fromCode && $0 != toCode }, codes)
    func term(_ word: String, code: String?) -> ConversionTerm? {
      code.map { .currency(code: $0) } ?? coins[word].map { .coin($0) }
    }
    guard let fromTerm = term(from, code: fromCode), let toTerm = term(to, code: toCode) else {
      throw Failure(message: "Unknown coin or currency.")
    }
    let currency = toCode ?? fromCode ?? "usd"
    let ids = [fromTerm, toTerm].compactMap { term -> String? in
      if case .coin(let coin) = term { return coin.id }
      return nil
    }
    let prices = try await fetch { () async throws(CoinGeckoError) in
      try await service.prices(
        ids: ids, currency: currency, maxAge: maxAge, allowFallback: allowFallback)
    }
    let byID = Dictionary(prices.value.map { ($0.id, $0.price) }) { a, _ in a }
    func price(_ term: ConversionTerm) -> Double? {
      if case .coin(let coin) = term { return byID[coin.id] ?? nil }
      return 1
    }
    let rate = price(fromTerm).flatMap { f in price(toTerm).map { f / $0 } } ?? .nan
    return (
      (fromTerm, toTerm),
      Sourced(rate, asOf: prices.asOf, source: prices.source, staleReason: prices.staleReason)
    )
  }

  /// The rate between two currency codes from `/exchange_rates`; `nil` when it lacks one of
  /// them, or cannot be had but one of them is a coin too (to be priced as a coin instead).
  private func exchangeRate(from: String, to: String) async throws(Failure) -> (
    (from: ConversionTerm, to: ConversionTerm), Sourced<Double>
  )? {
    let rates: Sourced<[ExchangeRate]>
    do {
      rates = try await fetch { () async throws(CoinGeckoError) in
        try await service.exchangeRates(maxAge: maxAge, allowFallback: allowFallback)
      }
    } catch {
      let crypto = ConversionTerm.cryptoCurrencyCodes
      guard error.isUnavailable, crypto.contains(from) || crypto.contains(to)
      else { throw error }
      return nil
    }
    let perBitcoin = Dictionary(rates.value.map { ($0.code, $0.perBitcoin) }) { a, _ in a }
    guard let fromValue = perBitcoin[from], let toValue = perBitcoin[to] else { return nil }
    let rate = CurrencyConversion.rate(fromPerBitcoin: fromValue, toPerBitcoin: toValue)
    return (
      (.currency(code: from), .currency(code: to)),
      Sourced(rate, asOf: rates.asOf, source: rates.source, staleReason: rates.staleReason)
    )
  }

  /// The coins these words mean; an unknown word is an error listing the closest coins and
  /// currencies.
  private func resolve(_ words: [String], _ codes: Set<String>) async throws(Failure)
    -> [String: SearchResult]
  {
    let lookup = CoinLookup(service: service, currency: "usd", maxAge: maxAge)
    var found: [String: SearchResult] = [:]
    for word in words {
      do {
        found[word] = try await lookup.findAll([word])[0]
      } catch {
        guard case .unknown(let query, let suggestions) = error else {
          throw Failure(
            message: error.message, isUnavailable: error.isUnavailable)
        }
        var names = suggestions.map { "\($0.symbol) (\($0.name), id \($0.id))" }
        // Never the very word refused: a code known as a currency but without a rate says so.
        let isCode = codes.contains(query.lowercased())
        if !isCode, let code = Suggestion.closest(to: query, among: codes.sorted()) {
          names.insert("\(code) (currency)", at: 0)
        }
        let shown = Sanitizer.printable(query)
        if isCode {
          throw Failure(
            message: "No exchange rate for the currency '\(shown)': CoinGecko's rates do not list "
              + "it, and no coin is called so. Convert to or from a currency it has a rate for "
              + "(usd, eur, btc)"
              + (names.isEmpty ? "." : ", or did you mean: \(names.joined(separator: "; "))?"))
        }
        throw Failure(
          message: names.isEmpty
            ? "Unknown coin or currency '\(shown)'. Name a currency code (usd, eur, btc) or a "
              + "coin by its symbol or CoinGecko id."
            : "Unknown coin or currency '\(shown)'. Did you mean: \(names.joined(separator: "; "))?"
        )
      }
    }
    return found
  }

  private func fetch<Value>(_ body: () async throws(CoinGeckoError) -> Sourced<Value>)
    async throws(Failure) -> Sourced<Value>
  {
    do {
      return try await body()
    } catch {
      throw Failure(message: error.message, isUnavailable: error.isTransient)
    }
  }
}
