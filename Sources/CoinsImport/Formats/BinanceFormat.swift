/// Binance: the transaction statement, the spot trade history or the order history with its
/// fills, told apart by the header.
enum BinanceFormat {
  static let format = ImportFormat(
    "binance", "Binance transaction statement, spot trade history or order history",
    BinanceStatementFormat.versions + BinanceSpotFormat.versions
      + BinanceOrderHistoryFormat.versions)
}
