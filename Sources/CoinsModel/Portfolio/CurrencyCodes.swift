/// Currency codes gathered from a long run of transactions, where one code usually repeats
/// throughout: the code added last is not hashed again.
package struct CurrencyCodes {
  /// The codes gathered.
  package private(set) var codes = Set<String>()
  private var last: String?

  /// No codes yet.
  package init() {}

  /// Adds `code` (a no-op when it is the one added last).
  package mutating func insert(_ code: String) {
    guard code != last else { return }
    codes.insert(code)
    last = code
  }
}
