/// A coin's OHLC candles, oldest first, one per close time, sanitized like ``PriceHistory``.
public struct CandleSeries: Sendable, Equatable {
  /// The candles, strictly increasing in time.
  public private(set) var candles: [Candle]

  /// Sanitizes raw `[time ms, open, high, low, close]` rows: rows with a missing or absurd
  /// value are dropped, a high below the body or a low above it is widened to the body, the
  /// rest sorted by time, and a close time given twice keeps the row given last.
  public init(raw: [[Double?]]) {
    var rows: [(Int, Candle)] = []
    for (index, row) in raw.enumerated() {
      guard row.count >= 5, let time = HistoryTimestamp.milliseconds(row[0]),
        let open = HistoryTimestamp.price(row[1]), let high = HistoryTimestamp.price(row[2]),
        let low = HistoryTimestamp.price(row[3]), let close = HistoryTimestamp.price(row[4])
      else { continue }
      let candle = Candle(
        milliseconds: time, open: open, high: max(high, open, close, low),
        low: min(low, open, close, high), close: close)
      rows.append((index, candle))
    }
    rows.sort {
      $0.1.milliseconds != $1.1.milliseconds
        ? $0.1.milliseconds < $1.1.milliseconds : $0.0 < $1.0
    }
    var candles: [Candle] = []
    for (_, candle) in rows {
      if candles.last?.milliseconds == candle.milliseconds {
        candles[candles.count - 1] = candle
      } else {
        candles.append(candle)
      }
    }
    self.candles = candles
  }

  /// Candles already known to be clean and in order.
  public init(sorted candles: [Candle]) {
    self.candles = candles
  }

  /// The usual time between two candles' closes, in milliseconds (the median step), or `nil`
  /// with fewer than two candles.
  public var width: Int64? {
    guard candles.count >= 2 else { return nil }
    var steps = zip(candles.dropFirst(), candles).map { $0.milliseconds - $1.milliseconds }
    steps.sort()
    return steps[steps.count / 2]
  }

  /// At most `columns` candles: runs of `factor` neighbours merged (``Candle/merged(_:)``),
  /// counted from the newest so that the newest shown candle is whole. `factor` is 1 when the
  /// candles fit already.
  public func fitted(to columns: Int) -> (candles: [Candle], factor: Int) {
    let columns = max(1, columns)
    guard candles.count > columns else { return (candles, 1) }
    return (
      merged(by: (candles.count + columns - 1) / columns), (candles.count + columns - 1) / columns
    )
  }

  /// Runs of `factor` neighbours merged into one, counted from the newest.
  public func merged(by factor: Int) -> [Candle] {
    let factor = max(1, factor)
    var merged: [Candle] = []
    var end = candles.count
    while end > 0 {
      let start = max(0, end - factor)
      if let candle = Candle.merged(candles[start..<end]) { merged.append(candle) }
      end = start
    }
    return merged.reversed()
  }

  /// The candles' closes as a price history (for a summary line).
  public var closes: PriceHistory {
    PriceHistory(
      sorted: candles.map { PricePoint(milliseconds: $0.milliseconds, price: $0.close) })
  }

  /// First (the first open), last (the last close), the highest high and lowest low with the
  /// close times of their candles, and the average close; `nil` for no candles.
  public var summary: HistorySummary? {
    guard let first = candles.first, let last = candles.last else { return nil }
    var high = first
    var low = first
    for candle in candles {
      if candle.high > high.high { high = candle }
      if candle.low < low.low { low = candle }
    }
    let average = candles.reduce(0) { $0 + $1.close } / Double(candles.count)
    return HistorySummary(
      first: PricePoint(milliseconds: first.milliseconds - (width ?? 0), price: first.open),
      last: PricePoint(milliseconds: last.milliseconds, price: last.close),
      high: PricePoint(milliseconds: high.milliseconds, price: high.high),
      low: PricePoint(milliseconds: low.milliseconds, price: low.low), average: average)
  }
}
