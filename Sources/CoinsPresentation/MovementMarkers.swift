/// The ▲/▼ column of a live view: whether each price rose or fell since the previous refresh.
enum MovementMarkers {
  /// A column of markers for rows `(id, price)`; unknown prices and rows without a previous
  /// price get none. `dropOrder` lets it leave together with the price it annotates.
  static func column(
    _ rows: [(id: String, price: Double?)], previous: [String: Double], dropOrder: Int? = nil
  ) -> TableLayout.Column {
    let moves = rows.map { row -> Double? in
      guard let now = row.price, let before = previous[row.id] else { return nil }
      return now - before
    }
    return TableLayout.Column(
      header: " ", cells: moves.map { $0.map { $0 > 0 ? "▲" : $0 < 0 ? "▼" : " " } ?? " " },
      colors: moves.map(TextStyle.trend), dropOrder: dropOrder)
  }
}
