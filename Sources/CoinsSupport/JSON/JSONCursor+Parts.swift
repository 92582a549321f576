extension JSONCursor {
  /// A cursor at `position` of the same document, as deep in it as this one, where the next
  /// element of the array entered last is read as if it were the first (no `,` before it): the
  /// start of a part of a large array that is read apart from the rest.
  package func readingElements(at position: Int) -> JSONCursor {
    var cursor = self
    cursor.reader.index = position
    if !cursor.open.isEmpty { cursor.open[cursor.open.count - 1] = true }
    return cursor
  }

  /// Where `pattern` first occurs at or after `start` in the document, or `nil`.
  package func firstOccurrence(of pattern: [UInt8], from start: Int) -> Int? {
    withBytes { bytes in
      guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
      var index = max(0, start)
      while index + pattern.count <= bytes.count {
        if bytes[index] == first,
          (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] })
        {
          return index
        }
        index += 1
      }
      return nil
    }
  }
}
