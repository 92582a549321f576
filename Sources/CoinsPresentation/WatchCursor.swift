/// What the keyboard chose in an interactive `coins watch`, as the frame draws it: the
/// highlighted row and the scroll, the order and filter in the header, favourites starred.
package struct WatchCursor: Sendable, Equatable {
  /// The highlighted row, counted in the rows on view.
  package var selected: Int
  /// The first row on screen.
  package var scroll: Int
  /// The order, as the header says it: `rank ↑`, `24h ↓`.
  package var order: String
  /// The filter text and whether it is being typed.
  package var filter: String
  package var isEditingFilter: Bool
  /// Only favourites are on view.
  package var favoritesOnly: Bool
  /// The favourite coins' ids, starred.
  package var favorites: Set<String>
  /// A one-line notice for the status line.
  package var notice: String?

  /// Creates a cursor.
  package init(
    selected: Int = 0, scroll: Int = 0, order: String, filter: String = "",
    isEditingFilter: Bool = false, favoritesOnly: Bool = false, favorites: Set<String> = [],
    notice: String? = nil
  ) {
    self.selected = selected
    self.scroll = scroll
    self.order = order
    self.filter = filter
    self.isEditingFilter = isEditingFilter
    self.favoritesOnly = favoritesOnly
    self.favorites = favorites
    self.notice = notice
  }

  /// The second header line's words for it: `Sorted by 24h ↓ · filter "eth" · ★ only`.
  var headerWords: String {
    var words = "Sorted by \(order)"
    if isEditingFilter {
      words += " · filter: \(filter)▏"
    } else if !filter.isEmpty {
      words += " · filter \"\(filter)\""
    }
    if favoritesOnly { words += " · ★ only" }
    return words
  }
}
