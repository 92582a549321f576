extension JournalEntry {
  /// The start of an entry's line — its number and the file's stamps before and after — read
  /// without decoding the rest (the entry of a large import lists every id it added): all that
  /// appending the next entry needs of the last one.
  struct Head {
    var number: Int
    var before: FileStamp?
    var after: FileStamp

    /// The head of `line`; `nil` when it is not an entry's (a line cut short, say). Inside a
    /// JSON string a quote is escaped, so the member names searched for cannot be found in
    /// the command line's words before them.
    init?(line: ArraySlice<UInt8>) {
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix("{\"change\": "), text.hasSuffix("}"),
        let number = Int(text.dropFirst(11).prefix { $0.isNumber }),
        let beforeStart = text.firstRange(of: ", \"before\": "),
        let afterStart = text[beforeStart.upperBound...].firstRange(of: ", \"after\": \"")
      else { return nil }
      let beforeText = text[beforeStart.upperBound..<afterStart.lowerBound]
      let afterText = text[afterStart.upperBound...].prefix { $0 != "\"" }
      guard let after = FileStamp(text: String(afterText)) else { return nil }
      if beforeText == "null" {
        before = nil
      } else {
        guard beforeText.hasPrefix("\""), beforeText.hasSuffix("\""),
          let stamp = FileStamp(text: String(beforeText.dropFirst().dropLast()))
        else { return nil }
        before = stamp
      }
      self.number = number
      self.after = after
    }
  }
}
