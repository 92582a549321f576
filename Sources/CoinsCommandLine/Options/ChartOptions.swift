import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `coins chart` (and `coins portfolio chart`) accept: a named range or a window, candles,
/// the plot's height, the output format, and the market options.
package struct ChartOptions: Sendable, Equatable {
  /// The named range (default 7d); ignored when ``from`` is given.
  package var range = HistoryRange.week
  /// `--from`, in UNIX seconds.
  package var from: Int64?
  /// `--to`, in UNIX seconds (default: now).
  package var to: Int64?
  /// OHLC candles instead of a line.
  package var candles = false
  /// Rows of plot; `nil` fits the terminal.
  package var height: Int?
  /// Text, JSON or CSV.
  package var format = OutputFormat.table
  /// Plain ASCII.
  package var ascii = false
  /// An explicit `--max-age` (else each history's own spacing).
  package var maxAge: Double?
  /// Currency, fallback, timeout, color.
  package var market = MarketOptions()

  static let rangeOption = CommandSpec.Option(
    name: "--range", valueName: "range",
    help: "The span up to now: \(HistoryRange.list).", defaultValue: "7d",
    completion: .choices(HistoryRange.allCases.map(\.rawValue)))
  static let fromOption = CommandSpec.Option(
    name: "--from", valueName: "date",
    help: "Start at this UTC date (2026-01-31) or time (2026-01-31T12:00:00Z) instead; not in "
      + "the future.")
  static let toOption = CommandSpec.Option(
    name: "--to", valueName: "date",
    help: "End there with --from, after it and not in the future (default: now).")
  static let candlesOption = CommandSpec.Option(
    name: "--candles", help: "Draw OHLC candles instead of a line.")
  static let heightOption = CommandSpec.Option(
    name: "--height", valueName: "rows",
    help: "Rows of chart (default: fits the terminal, at least 8).")
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the chart in plain ASCII.")
  static let maxAgeOption = CommandSpec.Option(
    name: "--max-age", valueName: "seconds",
    help: "Reuse a cached history younger than this (default: its spacing, 5 min for 1d, an "
      + "hour up to 90d, a day beyond); 0 always asks.")

  /// The options of `coins chart` after `--id`, in help order.
  static let specs: [CommandSpec.Option] =
    [
      rangeOption, fromOption, toOption, candlesOption, heightOption,
      MarketOptions.currencyOption, OutputFormat.jsonOption, OutputFormat.csvOption, asciiOption,
      maxAgeOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" && $0.name != "--max-age" }

  /// Reads the options from parsed words.
  init(_ parsed: ParsedArguments, path: [String]) throws(UsageError) {
    market = try MarketOptions(parsed, path: path)
    if parsed.value(Self.maxAgeOption) != nil { maxAge = market.maxAge }
    if let text = parsed.value(Self.rangeOption) {
      range = try OptionValue.choice(text, for: Self.rangeOption.quoted, path: path)
    }
    if let text = parsed.value(Self.fromOption) {
      guard parsed.value(Self.rangeOption) == nil else {
        throw UsageError("'--range' and '--from' cannot be used together.", commandPath: path)
      }
      from = try Self.date(text, for: Self.fromOption.quoted, path: path)
    }
    if let text = parsed.value(Self.toOption) {
      guard let from else {
        throw UsageError("'--to <date>' needs '--from <date>'.", commandPath: path)
      }
      let to = try Self.date(text, for: Self.toOption.quoted, path: path)
      guard to > from else {
        throw UsageError("'--to <date>' must be after '--from <date>'.", commandPath: path)
      }
      self.to = to
    }
    candles = parsed.flag(Self.candlesOption)
    if let text = parsed.value(Self.heightOption) {
      height = try OptionValue.integer(text, for: Self.heightOption.quoted, in: 2...200, path: path)
    }
    format = try OutputFormat(parsed, path: path)
    ascii = parsed.flag(Self.asciiOption)
  }

  /// Creates the defaults.
  package init() {}

  /// The window at `now`: the range, or `--from` to `--to` (or to now, rounded down to the
  /// history's spacing so a repeated command can reuse the cached answer).
  package func window(at now: Date) -> HistoryWindow {
    guard let from else { return .range(range) }
    if let to { return .between(from: from, to: to) }
    let nowSeconds = Int64(now.timeIntervalSince1970)
    let step = Int64(HistoryWindow.between(from: from, to: nowSeconds).cacheAge(at: now))
    return .between(from: from, to: max(from + 1, nowSeconds / step * step))
  }

  /// Throws when `--from` or `--to` is later than `now`: a window in the future has nothing to
  /// chart (the parser cannot tell, having no clock).
  func checkWindow(at now: Date, path: [String]) throws(UsageError) {
    let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
    for (date, option, end) in [(from, Self.fromOption, "start"), (to, Self.toOption, "end")] {
      guard let date, date > nowSeconds else { continue }
      let time = Date(timeIntervalSince1970: Double(date))
      let shown = date % 86_400 == 0 ? DateInput.dayText(time) : ISO8601Timestamp.format(time)
      throw UsageError(
        "The value '\(shown)' is invalid for '\(option.quoted)': a chart cannot \(end) in the future.",
        commandPath: path)
    }
  }

  /// Rows of plot: `--height`, else the terminal's rows less the title, markers, axes and
  /// summary (at least 8, at most 40), else 12.
  package func plotHeight(terminalRows: Int?) -> Int {
    if let height { return height }
    guard let rows = terminalRows else { return 12 }
    return min(40, max(8, rows - 9))
  }

  /// `2026-01-31` (00:00 UTC) or an ISO 8601 time, as UNIX seconds from 2009 on.
  static func date(_ text: String, for label: String, path: [String]) throws(UsageError) -> Int64 {
    let trimmed = text.trimmingWhitespace()
    let full = trimmed.count == 10 ? trimmed + "T00:00:00Z" : trimmed
    // The parser rolls 2026-02-30 over to March: a date that does not read back is refused.
    guard let date = ISO8601Timestamp.parse(full),
      ISO8601Timestamp.format(date).prefix(10) == full.prefix(10),
      date.timeIntervalSince1970 >= 1_230_768_000,
      date.timeIntervalSince1970 < 7_258_118_400
    else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(label)': expected a UTC date "
          + "such as 2026-01-31 or a time such as 2026-01-31T12:00:00Z, from 2009 on.",
        commandPath: path)
    }
    return Int64(date.timeIntervalSince1970.rounded(.down))
  }
}
