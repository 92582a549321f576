/// A file `coins prices import` is handed, read by its kind: Kraken's daily OHLCVT files by
/// their name (`<PAIR>_1440.csv`), any other as a `date,coin,price,currency` CSV.
package enum OwnPriceFile {
  /// The series the file holds, or its first error (nothing of it is kept).
  package static func read(_ text: String, name: String) throws(OwnPriceFileError)
    -> [OwnPriceSeries]
  {
    if KrakenOHLCVT.isDailyFile(name) { return [try KrakenOHLCVT.read(text, file: name)] }
    return try OwnPriceCSV.read(text, file: name)
  }
}
