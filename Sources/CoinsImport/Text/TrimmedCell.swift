extension String {
  /// The text without spaces, tabs or byte-order marks at either end (OKX's 2020 export starts
  /// every cell with U+FEFF), worked on bytes: the same string, not a copy, when there are none
  /// (almost every cell), where `trimmingWhitespace()` walks characters — a third of the time
  /// of a 100,000-row file.
  var trimmedCell: String {
    let bytes = utf8
    // Looked at in the string's own storage where it has one: the view's `last` walks back
    // through its index (a million cells in a 100,000-row file).
    let ends =
      bytes.withContiguousStorageIfAvailable { ($0.first, $0.last) } ?? (bytes.first, bytes.last)
    guard let first = ends.0, let last = ends.1,
      first == 0x20 || first == 0x09 || first == 0xEF || last == 0x20 || last == 0x09
    else { return self }
    var kept = bytes[...]
    while true {
      if let byte = kept.first, byte == 0x20 || byte == 0x09 {
        kept = kept.dropFirst()
      } else if kept.starts(with: [0xEF, 0xBB, 0xBF]) {
        kept = kept.dropFirst(3)
      } else {
        break
      }
    }
    while let byte = kept.last, byte == 0x20 || byte == 0x09 { kept = kept.dropLast() }
    if kept.startIndex == bytes.startIndex && kept.endIndex == bytes.endIndex { return self }
    return String(decoding: kept, as: UTF8.self)
  }

  /// Whether ``trimmedCell`` is empty or a dash (what ``SourceRow/optionalText(_:)`` reads as
  /// nothing), worked out in the string's own storage: no copy of a cell that ends in a space.
  var isBlankCell: Bool {
    utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      var end = bytes.count
      while start < end {
        if bytes[start] == 0x20 || bytes[start] == 0x09 {
          start += 1
        } else if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB,
          bytes[start + 2] == 0xBF
        {
          start += 3
        } else {
          break
        }
      }
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      return start == end || (end - start == 1 && bytes[start] == 0x2D)
    } ?? (trimmedCell.isEmpty || trimmedCell == "-")
  }
}
