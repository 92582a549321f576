#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Germany's one-year period (§ 23 Abs. 1 Satz 1 Nr. 2 EStG, counted by §§ 187, 188 BGB): the
/// day of acquisition does not count, and the year ends on the day of the next year that bears
/// the acquisition's date — or, where that date does not exist (29 February), on that month's
/// last day. Coins sold after that day were held more than a year: the sale is tax-free. Days
/// are the taxpayer's local days (``TaxZone/europeBerlin``).
public enum GermanHoldingPeriod {
  /// The local day number the one-year period of coins acquired on local day `acquired` ends
  /// on: bought 10 March 2024, it ends 10 March 2025; bought 29 February 2024, 28 February 2025.
  public static func end(acquired: Int) -> Int {
    let (year, month, day) = ISO8601Timestamp.civilFromDays(acquired)
    let last = HoldingPeriod.lastDay(year: year + 1, month: month)
    return ISO8601Timestamp.daysFromCivil(year: year + 1, month: month, day: min(day, last))
  }

  /// Whether coins acquired on local day `acquired` and sold on local day `sold` were held more
  /// than one year, so their sale is tax-free.
  public static func isTaxFree(acquired: Int, sold: Int) -> Bool {
    sold > end(acquired: acquired)
  }
}
