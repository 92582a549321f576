/// One line of an HTTP answer's head, as libcurl's header callback hands it over.
package enum HeaderLine: Equatable {
  /// A status line (`HTTP/1.1 200 OK`): a new answer starts (after a redirect or a 100).
  case status
  /// A field, its name lower-cased and its value trimmed.
  case field(name: String, value: String)
  /// The blank line that ends the head, or anything unreadable.
  case other

  /// Reads `line`, line ending included.
  package init(_ line: String) {
    if line.hasPrefix("HTTP/") {
      self = .status
      return
    }
    guard let colon = line.firstIndex(of: ":") else {
      self = .other
      return
    }
    // `isWhitespace` covers "\r\n", which is one Character.
    let value = line[line.index(after: colon)...].drop(while: \.isWhitespace)
    let end = value.lastIndex(where: { !$0.isWhitespace }).map { value.index(after: $0) }
    self = .field(
      name: line[..<colon].lowercased(), value: String(value[..<(end ?? value.startIndex)]))
  }
}
