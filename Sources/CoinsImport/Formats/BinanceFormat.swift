/// Binance: the transaction statement or the spot trade history, told apart by the header.
enum BinanceFormat {
  static let format = ImportFormat(
    "binance", "Binance transaction statement or spot trade history",
    BinanceStatementFormat.versions + BinanceSpotFormat.versions)
}
