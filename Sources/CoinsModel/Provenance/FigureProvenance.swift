#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How one priced figure of a report (a sale's proceeds, a lot's cost, an income's value, a
/// transaction's price) was priced and converted: the `provenance` member of `gains`, `income`
/// and `history` JSON, and the `provenance` column of their CSV (``text``).
public struct FigureProvenance: Codable, Sendable, Equatable {
  /// How the price was had.
  public enum Pricing: String, Codable, Sendable, CaseIterable {
    /// Given by the user or by the export it was imported from.
    case given
    /// The day's price, looked up by `coins` (the price chain's, ``source`` says whose).
    case dayPrice
    /// A USD stablecoin leg of the trade, counted at 1 USD.
    case stablecoin
    /// No price: the figure is unknown (or, for a deposit recorded at no cost, 0).
    case unknown
  }

  /// How the price was had.
  public var pricing: Pricing
  /// For ``Pricing/dayPrice``: the price chain's label (`coingecko`, `coinbase`, `yours`,
  /// `binance via USDT`, with `, carried forward 2 days` where it applies); else `nil`.
  public var source: String?
  /// The conversion into the report's currency, when the price was in another; else `nil`.
  public var conversion: RateConversion?

  /// Each member as given.
  public init(pricing: Pricing, source: String? = nil, conversion: RateConversion? = nil) {
    self.pricing = pricing
    self.source = source
    self.conversion = conversion
  }

  /// The label a transaction records as its ``Transaction/priceSource`` for a price counted at
  /// 1 USD per USD stablecoin.
  public static let stablecoinSource = "stablecoin"

  /// How `transaction`'s price was had, before any conversion.
  public init(of transaction: Transaction) {
    switch (transaction.price, transaction.priceSource) {
    case (nil, _): self.init(pricing: .unknown)
    case (_, Self.stablecoinSource?): self.init(pricing: .stablecoin)
    case (_, let source?): self.init(pricing: .dayPrice, source: source)
    case (_, nil): self.init(pricing: .given)
    }
  }

  /// Whether it was converted at today's rate (the day's was out of reach).
  public var atTodaysRate: Bool { conversion?.source == .today }

  /// One CSV field: the pricing, the source in parentheses, then the conversion after `; ` —
  /// `dayPrice (coinbase); usd->eur 0.92 ecb 2024-03-01`, `given; usd->eur 0.95 today
  /// 2026-12-02`, `unknown`.
  public var text: String {
    var text = pricing.rawValue
    if let source { text += " (\(source))" }
    if let conversion {
      text += "; \(conversion.from)->\(conversion.to) "
      text += conversion.rate.map(DecimalInput.text) ?? "unknown"
      text += " \(conversion.source.rawValue)"
      if let day = conversion.rateDate { text += " \(day)" }
    }
    return text
  }
}

/// The conversion of a figure from the currency it was priced in into a report's.
public struct RateConversion: Codable, Sendable, Equatable {
  /// Where a rate came from.
  public enum Source: String, Codable, Sendable, CaseIterable {
    /// The ECB's euro reference rates of the day (crossing through the euro).
    case ecb
    /// Bitcoin's price in both currencies that day (CoinGecko's daily prices).
    case bitcoin
    /// Today's rate, the day's being out of reach.
    case today
    /// No rate was known: the figure is unknown.
    case none
  }

  /// The currency converted from, lower case.
  public var from: String
  /// The currency converted into, lower case.
  public var to: String
  /// One unit of ``from`` in ``to``, to 10 decimal places (the figure used the exact ratio);
  /// `nil` when no rate was known.
  public var rate: Decimal?
  /// Where the rate came from.
  public var source: Source
  /// The UTC day whose rate it is, `YYYY-MM-DD`; `nil` when unknown.
  public var rateDate: String?

  /// Each member as given.
  public init(from: String, to: String, rate: Decimal?, source: Source, rateDate: String?) {
    self.from = from
    self.to = to
    self.rate = rate
    self.source = source
    self.rateDate = rateDate
  }
}

extension CurrencyRates {
  /// The provenance of `transaction`'s price converted into `currency` at its day's rate.
  public func provenance(of transaction: Transaction, in currency: String) -> FigureProvenance {
    var provenance = FigureProvenance(of: transaction)
    let source = transaction.priceCurrency.lowercased()
    let target = currency.lowercased()
    guard transaction.price != nil, source != target else { return provenance }
    guard let conversion = convert(1, from: source, to: target, on: transaction.date) else {
      provenance.conversion = RateConversion(
        from: source, to: target, rate: nil, source: .none, rateDate: nil)
      return provenance
    }
    provenance.conversion = RateConversion(
      from: source, to: target,
      rate: DecimalInput.rounded(conversion.value, fractionDigits: 10),
      source: conversion.source ?? .none,
      rateDate: conversion.day.map {
        DateInput.dayText(Date(timeIntervalSince1970: Double($0) * 86_400))
      })
    return provenance
  }
}
