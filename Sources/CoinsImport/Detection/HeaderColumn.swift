/// One column a header version expects: how its header cell is recognised, and the key the
/// reader asks for it by.
struct HeaderColumn: Sendable {
  /// What a cell may hold in the header: a name (any case, spaces at the ends trimmed), or a
  /// name with a part captured (`EUR Spot Price at Transaction`, `Order Time(UTC+01:00)`).
  enum Match: Sendable {
    /// Exactly this name.
    case name(String)
    /// `prefix`, a captured part, `suffix`.
    case capture(prefix: String, Capture, suffix: String)
  }

  /// The parts a header may carry.
  enum Capture: String, Sendable {
    /// Three letters: the money the figures are in (Coinbase v1).
    case currency
    /// `UTC` or `UTC±hh:mm`: the zone the times are in (KuCoin 2023).
    case zone
  }

  /// How it is recognised.
  var match: Match
  /// The name readers ask for it by.
  var key: String

  /// A column recognised by `name` and read by the same name.
  init(_ name: String) {
    match = .name(name)
    key = name
  }

  /// A column recognised by `name`, read as `key` (for headers that repeat a name).
  init(_ name: String, as key: String) {
    match = .name(name)
    self.key = key
  }

  /// A column whose header has a captured part in the middle.
  init(_ prefix: String, _ capture: Capture, _ suffix: String, as key: String) {
    match = .capture(prefix: prefix, capture, suffix: suffix)
    self.key = key
  }

  /// Whether `cell` is this column's header, and what it captured.
  func matches(_ cell: String) -> (Bool, captured: String?) {
    switch match {
    case .name(let name):
      return (cell.caseInsensitiveEquals(name), nil)
    case .capture(let prefix, let capture, let suffix):
      let lower = cell.lowercased()
      guard lower.hasPrefix(prefix.lowercased()), lower.hasSuffix(suffix.lowercased()),
        cell.count >= prefix.count + suffix.count
      else { return (false, nil) }
      let middle = String(cell.dropFirst(prefix.count).dropLast(suffix.count))
      switch capture {
      case .currency:
        let ok = middle.count == 3 && middle.allSatisfy { $0.isASCII && $0.isLetter }
        return (ok, ok ? middle.uppercased() : nil)
      case .zone:
        guard middle.uppercased().hasPrefix("UTC"), ImportTimeZone(middle) != nil else {
          return (false, nil)
        }
        return (true, middle)
      }
    }
  }
}

extension String {
  /// Equal ignoring ASCII case.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && lowercased() == other.lowercased()
  }

  /// Whether it starts with `prefix`, ASCII case ignored, without a lowercased copy.
  func hasPrefixIgnoringCase(_ prefix: String) -> Bool {
    var own = utf8.makeIterator()
    for byte in prefix.utf8 {
      guard let next = own.next(), next | 0x20 == byte | 0x20 else { return false }
    }
    return true
  }
}
