/// The registry: every format, in the order their headers are tried (each version's header is
/// specific enough that the order only matters for speed; coins' own, matched loosely, last).
enum ImportFormats {
  static let all: [ImportFormat] = [
    CoinbaseFormat.format, CoinbaseProFormat.format, KrakenFormat.format, BinanceFormat.format,
    CoinTrackingFormat.format, KoinlyFormat.format, CryptoComFormat.format, KuCoinFormat.format,
    BitstampFormat.format, BybitFormat.format, OKXFormat.format, BitvavoFormat.format,
    BitpandaFormat.format, GeminiFormat.format, BitfinexFormat.format, RotkiFormat.format,
    BittyTaxFormat.format, CoinsCSVFormat.format,
  ]
}
