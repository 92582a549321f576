import CoinsModel

/// The ordered chain of price sources: each day is priced by the first source, in order, that
/// has it; a day an exchange source leaves out takes that source's last earlier open for up to
/// ``carryForwardLimit`` days, labelled; beyond that the next source is asked. What no source
/// prices is unknown, with each source's reason.
package struct PriceChain: Sendable {
  /// The sources in the order they are asked (`[prices] order`).
  package var sources: [any PriceSource]
  /// CoinGecko, against which an exchange's pair is checked (``PairCheck``); `nil`: unchecked.
  package var reference: (any PriceSource)?
  /// The most days an exchange's earlier open is carried forward.
  package var carryForwardLimit: Int

  /// A chain asking `sources` in order.
  package init(
    sources: [any PriceSource], reference: (any PriceSource)? = nil, carryForwardLimit: Int = 7
  ) {
    self.sources = sources
    self.reference = reference
    self.carryForwardLimit = carryForwardLimit
  }

  /// The price of `coin` in `currency` on `day`.
  package func price(of coin: PricedCoin, in currency: String, on day: UTCDay) async
    -> DayPricing
  {
    let answers = await prices(of: coin, in: currency, on: [day])
    return answers[day] ?? .unknown([])
  }

  /// The prices of `coin` in `currency` on each of `days`: every source is asked at most once,
  /// for the span from the earliest day still unpriced (less the carry-forward reach) to the
  /// latest.
  package func prices(of coin: PricedCoin, in currency: String, on days: Set<UTCDay>) async
    -> [UTCDay: DayPricing]
  {
    let currency = currency.uppercased()
    var remaining = days.sorted()
    var priced: [UTCDay: DayPricing] = [:]
    priced.reserveCapacity(days.count)
    var reasons: [UTCDay: [SourceReason]] = [:]
    // CoinGecko's first answer covers every later (narrower) span: asked once per call.
    var coinGecko: PriceSourceAnswer?
    for source in sources {
      guard let first = remaining.first, let last = remaining.last else { break }
      let span = first.adding(days: -carryForwardLimit)...last
      let answer = await source.dailyOpens(of: coin, in: currency, days: span)
      if source.name == .coingecko, coinGecko == nil { coinGecko = answer }
      let opens: DailyOpens
      switch answer {
      case .unavailable(let reason), .unlisted(let reason):
        for day in remaining {
          reasons[day, default: []].append(SourceReason(source: source.name, reason: reason))
        }
        continue
      case .opens(let answered): opens = answered
      }
      var unverified = false
      if [.coinbase, .binance].contains(source.name), coin.pairOverride == nil {
        if coinGecko == nil, let reference {
          coinGecko = await reference.dailyOpens(of: coin, in: currency, days: span)
        }
        var referenceOpens: DailyOpens?
        if case .opens(let answered)? = coinGecko { referenceOpens = answered }
        switch PairCheck.of(opens, against: referenceOpens) {
        case .agrees: break
        case .unverified: unverified = true
        case .disagrees(let day, let exchange, let theirs):
          let reason =
            "\(opens.pair) is not \(coin.id): its open on \(day) (\(exchange.text)) is more "
            + "than 10 % from CoinGecko's (\(theirs.text))"
          for day in remaining {
            reasons[day, default: []].append(SourceReason(source: source.name, reason: reason))
          }
          continue
        }
      }
      for day in remaining {
        if let (price, back) = opens.open(on: day, carryingForwardAtMost: carryForwardLimit) {
          let sourceDay = day.adding(days: -back)
          var provenance = PriceProvenance(
            source: source.name, pair: opens.pair, file: opens.files[sourceDay] ?? opens.file,
            carriedForwardDays: back, viaUSDT: opens.viaUSDT, unverified: unverified)
          provenance.convertedFrom = opens.convertedFrom
          provenance.conversion = opens.conversions[sourceDay]
          priced[day] = .priced(
            DailyPrice(day: day, price: price, currency: currency, provenance: provenance))
        } else {
          let reason =
            opens.carriesForward
            ? "no \(opens.pair) price on \(day) or the \(carryForwardLimit) days before"
            : "no \(opens.pair) price on \(day)"
          reasons[day, default: []].append(SourceReason(source: source.name, reason: reason))
        }
      }
      remaining.removeAll { priced[$0] != nil }
    }
    for day in remaining { priced[day] = .unknown(reasons[day] ?? []) }
    return priced
  }
}
