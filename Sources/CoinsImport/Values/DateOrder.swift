/// The order of a date's parts when its text alone does not say (`04-02-20`, `04/02/2020`):
/// decided once for a whole column, never cell by cell.
package enum DateOrder: Sendable, Hashable, CaseIterable {
  /// `yy-mm-dd` (Binance's localised exports).
  case yearFirst
  /// `mm/dd/yy` (Excel in the US).
  case monthFirst
  /// `dd-mm-yy` (Bitfinex's reports).
  case dayFirst

  /// In words, for messages.
  var words: String {
    switch self {
    case .yearFirst: "year first"
    case .monthFirst: "month first"
    case .dayFirst: "day first"
    }
  }
}
