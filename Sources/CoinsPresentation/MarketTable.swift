import CoinsModel

/// The `coins top` table: rank, symbol, name, price, 1h/24h/7d change, market cap, volume and a
/// 7-day sparkline, fitted to the terminal width.
public struct MarketTable: Sendable {
  /// The currency the figures are in.
  public var currency: CurrencyStyle
  /// The sparkline characters.
  public var sparkline: SparklineRenderer
  /// Colors on or off.
  public var style: TextStyle
  /// The header of the column the rows are ordered by (`Volume`): it keeps its place when
  /// the width runs out, and another column gives way.
  public var sortedColumn: String?

  /// The widest the sparkline column grows (168 hourly points, 7 per cell).
  public static let sparklineWidth = 24

  /// Creates a table renderer.
  public init(
    currency: CurrencyStyle, sparkline: SparklineRenderer, style: TextStyle,
    sortedColumn: String? = nil
  ) {
    self.currency = currency
    self.sparkline = sparkline
    self.style = style
    self.sortedColumn = sortedColumn
  }

  /// The table's lines for `coins` in `width` cells. With `previousPrices` (by id), a marker
  /// after each price shows whether it rose (▲) or fell (▼) since then.
  public func render(_ coins: [Coin], width: Int, previousPrices: [String: Double]? = nil)
    -> [String]
  {
    var columns = columns(for: coins, width: width)
    if let previousPrices {
      let rows = coins.map { (id: $0.id, price: $0.price) }
      columns.insert(MovementMarkers.column(rows, previous: previousPrices), at: 4)
    }
    return TableLayout.render(columns, width: width, style: style)
  }

  package func columns(for coins: [Coin], width: Int) -> [TableLayout.Column] {
    func change(_ header: String, _ value: (Coin) -> Double?, drop: Int) -> TableLayout.Column {
      TableLayout.Column(
        header: header, cells: coins.map { NumberFormat.percent(value($0)) },
        colors: coins.map { TextStyle.trend(value($0)) }, alignRight: true, dropOrder: drop)
    }
    var columns = [
      TableLayout.Column(
        header: "#", cells: coins.map { $0.rank.map(String.init) ?? NumberFormat.unknown },
        alignRight: true),
      TableLayout.Column(
        header: "Symbol", cells: coins.map { $0.symbol.uppercased() }, identifying: true),
      TableLayout.Column(
        header: "Name", cells: coins.map(\.name), flexible: 6...22, dropOrder: 2,
        comfortableWidth: 12),
      TableLayout.Column(
        header: "Price", cells: coins.map { NumberFormat.price($0.price, currency: currency) },
        alignRight: true),
      change("1h", \.change1h, drop: 1),
      change("24h", \.change24h, drop: 6),
      change("7d", \.change7d, drop: 4),
      TableLayout.Column(
        header: "Market Cap",
        cells: coins.map { NumberFormat.compact($0.marketCap, currency: currency) },
        alignRight: true, dropOrder: 3),
      TableLayout.Column(
        header: "Volume", cells: coins.map { NumberFormat.compact($0.volume, currency: currency) },
        alignRight: true, dropOrder: 0),
      TableLayout.Column(
        header: "7d Chart",
        cells: coins.map { Self.chart($0, sparkline, width: Self.sparklineWidth) },
        colors: coins.map { TextStyle.trend(Self.sparklineTrend($0.sparklinePoints)) },
        flexible: 8...Self.sparklineWidth, dropOrder: 5,
        cellsForWidth: { [sparkline] width in
          coins.map { Self.chart($0, sparkline, width: width) }
        }, comfortableWidth: 16),
    ]
    for index in columns.indices where columns[index].header == sortedColumn {
      columns[index].dropOrder = nil
    }
    return columns
  }

  /// A coin's sparkline cell: `—` when CoinGecko sent no sparkline, blank when it sent no points.
  static func chart(_ coin: Coin, _ renderer: SparklineRenderer, width: Int) -> String {
    guard let series = coin.sparkline else { return NumberFormat.unknown }
    return renderer.render(series, width: width)
  }

  /// Last minus first known point of a series: its direction.
  package static func sparklineTrend(_ series: [Double?]) -> Double? {
    let known = series.compactMap { $0 }
    guard let first = known.first, let last = known.last else { return nil }
    return last - first
  }
}
