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
  /// The conversion of the transaction's fee into the report's currency, when the figure
  /// counts a non-zero fee in a currency other than both the price's and the report's (a fee in
  /// the price's currency goes by ``conversion``); else `nil`.
  public var feeConversion: RateConversion?

  /// Each member as given.
  public init(
    pricing: Pricing, source: String? = nil, conversion: RateConversion? = nil,
    feeConversion: RateConversion? = nil
  ) {
    self.pricing = pricing
    self.source = source
    self.conversion = conversion
    self.feeConversion = feeConversion
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

  /// Whether it — its price or its fee — was converted at today's rate (the day's was out of
  /// reach).
  public var atTodaysRate: Bool {
    conversion?.source == .today || feeConversion?.source == .today
  }

  /// One CSV field: the pricing, the source in parentheses, then the conversion after `; ` and
  /// the fee's after `; fee ` — `dayPrice (coinbase); usd->eur 0.92 ecb 2024-03-01`, `given;
  /// usd->eur 0.95 today 2026-12-02`, `given; fee eur->usd 1.1 today 2026-12-02`, `unknown`.
  public var text: String {
    var text = pricing.rawValue
    if let source { text += " (\(source))" }
    if let conversion { text += "; " + conversion.text }
    if let feeConversion { text += "; fee " + feeConversion.text }
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

  /// `usd->eur 0.92 ecb 2024-03-01` (`unknown` for no rate, no day when none is known).
  public var text: String {
    var text = "\(from)->\(to) " + (rate.map(DecimalInput.text) ?? "unknown")
    text += " \(source.rawValue)"
    if let rateDate { text += " \(rateDate)" }
    return text
  }

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
  /// The provenance of `transaction`'s price converted into `currency` at its day's rate; with
  /// `fee`, also its fee's conversion where the figure counts the fee
  /// (``FigureProvenance/feeConversion``).
  public func provenance(of transaction: Transaction, in currency: String, fee: Bool = false)
    -> FigureProvenance
  {
    var provenance = FigureProvenance(of: transaction)
    let target = currency.lowercased()
    let priceCurrency = transaction.priceCurrency.lowercased()
    let feeCurrency = transaction.feeCurrencyOrDefault.lowercased()
    if fee, let amount = transaction.fee, amount != 0, feeCurrency != target,
      feeCurrency != priceCurrency || transaction.price == nil
    {
      provenance.feeConversion = conversion(from: feeCurrency, to: target, on: transaction.date)
    }
    guard transaction.price != nil, priceCurrency != target else { return provenance }
    provenance.conversion = conversion(from: priceCurrency, to: target, on: transaction.date)
    return provenance
  }

  /// The rate of one `source` in `target` on `date`, as a provenance records it.
  private func conversion(from source: String, to target: String, on date: Date?)
    -> RateConversion
  {
    guard let conversion = convert(1, from: source, to: target, on: date) else {
      return RateConversion(from: source, to: target, rate: nil, source: .none, rateDate: nil)
    }
    return RateConversion(
      from: source, to: target,
      rate: DecimalInput.rounded(conversion.value, fractionDigits: 10),
      source: conversion.source ?? .none,
      rateDate: conversion.day.map {
        DateInput.dayText(Date(timeIntervalSince1970: Double($0) * 86_400))
      })
  }
}
