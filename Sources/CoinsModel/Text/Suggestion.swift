/// "Did you mean …?": the closest of some candidates by edit distance.
package enum Suggestion {
  /// The candidate nearest to `word` when it is near enough to be a likely typo.
  package static func closest(to word: String, among candidates: [String], maxDistance: Int? = nil)
    -> String?
  {
    let lowered = word.lowercased()
    if word.count >= 3,
      let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lowered) })
    {
      return prefixed
    }
    let limit = maxDistance ?? max(2, word.count / 3)
    let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }),
      best.1 <= limit
    else { return nil }
    return best.0
  }

  /// The Levenshtein distance between two strings.
  package static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
