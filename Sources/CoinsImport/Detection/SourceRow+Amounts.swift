import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SourceRow {
  /// A figure with its ticker in the cell when there is one (`16.35 RENDER`, `-0.0034 LTC`),
  /// else in `asset`; read without its sign.
  func amount(_ key: some ColumnName, or asset: ImportedAsset) throws(ImportError) -> ImportedAmount
  {
    guard let reading = ImportNumber.read(text(key)) else { throw failValue(key, "a number") }
    if reading.unit.isEmpty { return ImportedAmount(abs(reading.value), asset) }
    guard ImportNumber.isTicker(reading.unit) else { throw failValue(key, "a number") }
    return ImportedAmount(abs(reading.value), TickerRules.plain(reading.unit))
  }

  /// A figure that may be empty, as ``amount(_:or:)``.
  func optionalAmount(_ key: some ColumnName, or asset: ImportedAsset) throws(ImportError)
    -> ImportedAmount?
  {
    optionalText(key) == nil ? nil : try amount(key, or: asset)
  }

  /// Whether the figure in `key` is empty or zero: a zero fee needs no currency (trackers'
  /// exports write `0.00000000` beside an empty fee-currency cell), so it is read as no fee.
  func isNoFee(_ key: some ColumnName) -> Bool {
    guard let value = try? optionalNumber(key) else { return false }
    return value == 0
  }

  /// A balance the row states: `nil` when empty, or not a number (an anonymised export's
  /// `<some-value>`), which only costs the comparison, never the import.
  func statedNumber(_ key: some ColumnName) -> Decimal? {
    (try? optionalNumber(key)) ?? nil
  }

  /// A timestamp written time first (`22:37 2024-11-21`, Bybit), or as ``date(_:)`` reads.
  func timeFirstDate(_ key: some ColumnName) throws(ImportError) -> Date {
    let parts = text(key).split(separator: " ")
    guard parts.count == 2, parts[0].contains(":"),
      let reading = ImportDate.read(parts[1] + " " + parts[0])
    else { return try date(key) }
    return reading.date(in: zone)
  }
}
