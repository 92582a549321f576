extension StringProtocol {
  /// The text without spaces and tabs at either end (line breaks kept), as Foundation's
  /// `trimmingCharacters(in: .whitespaces)` gives it.
  public func trimmingWhitespace() -> String {
    trimming { $0.isWhitespace && !$0.isNewline }
  }

  /// The text without white space or line breaks at either end, as Foundation's
  /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it.
  public func trimmingWhitespaceAndNewlines() -> String {
    trimming(\.isWhitespace)
  }

  private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }),
      let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }
}
