/// The help overlay of an interactive `coins watch`: every key.
package enum WatchHelp {
  /// The lines, for any width of 40 or more.
  package static let lines = [
    "coins watch · keys",
    "",
    "  ↑ ↓  j k        move the highlight",
    "  PgUp PgDn       a screen up or down",
    "  Home End  g G   first or last row",
    "  s  S            next sort key; reverse the order",
    "  /               filter by symbol or name (Enter keeps, Esc clears);",
    "                  none loaded matches: Enter searches all of CoinGecko",
    "  Enter           open the coin; Esc or Backspace comes back",
    "  f  w            mark a favourite (★); show favourites only",
    "  p               market or portfolio",
    "  R               refresh now (at most every 10 s)",
    "  ?               this help",
    "  q  Ctrl-C       quit",
    "",
    "Any key closes this help.",
  ]
}
