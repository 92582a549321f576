import CoinsModel

/// The screen of a market-wide search in an interactive `coins watch`: what was searched and
/// what came of it, the keys, the results as `coins search` lists them (favourites starred,
/// the highlighted one marked `▶`), and the status line — why the search failed, or a notice.
package struct WatchSearchFrame {
  var search: WatchSearch
  /// The favourite coins' ids, starred.
  var favorites: Set<String>
  /// A one-line notice (e.g. why `f` failed), after the search's own status.
  var notice: String?
  var style: TextStyle

  /// Creates a frame from its parts.
  package init(
    search: WatchSearch, favorites: Set<String>, notice: String? = nil, style: TextStyle
  ) {
    self.search = search
    self.favorites = favorites
    self.notice = notice
    self.style = style
  }

  /// The lines for a terminal of `width` × `height`; the results give way to the status.
  package func screen(width: Int, height: Int) -> [String] {
    let query = "\"\(Sanitizer.printable(search.query))\""
    var lines = LineLayout.packed(
      ["coins watch · CoinGecko search for \(query)", outcomeWords], width: width)
    lines += LineLayout.packed(
      [
        "Enter opens", "f favourite", "Esc back to the list", "/ filter again", "? keys", "q quits",
      ],
      width: width
    ).map { style.apply(.dim, to: $0) }
    let status = statusSentences(query: query).flatMap { sentence in
      LineLayout.wrapped(sentence.text, width: width).map { line in
        sentence.color.map { style.apply($0, to: line) } ?? line
      }
    }
    let room = max(2, height - lines.count - status.count)
    lines += body(width: width, room: room, query: query)
    lines += status
    return lines.map {
      DisplayWidth.of(WatchFrame.visible($0)) > width ? WatchFrame.cut($0, to: width) : $0
    }
  }

  /// `searching…`, `11 coins found`, `search failed`.
  private var outcomeWords: String {
    switch search.phase {
    case .searching: return "searching…"
    case .found(let results):
      return results.count == 1 ? "1 coin found" : "\(results.count) coins found"
    case .failed: return style.apply(.yellow, to: "search failed")
    }
  }

  /// The results' table scrolled to keep the highlight in `room` lines, or what stands for it.
  private func body(width: Int, room: Int, query: String) -> [String] {
    switch search.phase {
    case .searching, .failed: return []
    case .found(let results) where results.isEmpty:
      return ["  CoinGecko knows no coin matching \(query)."]
    case .found(let results):
      // Names came from the network: cleaned again here, whatever decoded them.
      let shown = results.map { result in
        var shown = result
        shown.name = Sanitizer.clean(result.name)
        shown.symbol = (favorites.contains(result.id) ? "★ " : "") + Sanitizer.clean(result.symbol)
        shown.id = Sanitizer.clean(result.id)
        return shown
      }
      let table = SearchResultsView.lines(shown, width: width - 2)
      let rows = max(1, room - 1)
      var scroll = min(search.scroll, search.selected)
      if search.selected >= scroll + rows { scroll = search.selected - rows + 1 }
      let cursor = WatchCursor(selected: search.selected, scroll: scroll, order: "")
      return WatchFrame.scrolled(table, cursor: cursor, room: room, style: style)
    }
  }

  /// The status area's sentences: the search under way or why it failed, then a notice.
  private func statusSentences(query: String) -> [(text: String, color: TextStyle.Color?)] {
    var sentences: [(text: String, color: TextStyle.Color?)] = []
    switch search.phase {
    case .searching: sentences.append(("Searching all of CoinGecko for \(query)…", nil))
    case .failed(let reason):
      sentences.append(("CoinGecko search failed: \(Sentence.ended(reason))", .yellow))
    case .found: break
    }
    if let notice { sentences.append((notice, nil)) }
    return sentences
  }
}
