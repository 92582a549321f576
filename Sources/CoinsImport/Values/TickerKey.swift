extension String {
  /// The string upper-cased, as the coins' ids are keyed by ticker: the string itself, not a
  /// new one, when it has no lower-case ASCII letter and is all ASCII (every ticker a format
  /// reads is upper-cased already; the planner upper-cased 200,000 events' tickers several
  /// times each). Its bytes are looked at in their own storage (the view's iterator cost more
  /// than upper-casing).
  var upperCasedTicker: String {
    let upper = utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80 { return false }
      return true
    }
    return upper == true ? self : uppercased()
  }
}
