extension Holding {
  /// The currencies its sales are priced in: usually one, read in place from every sale (a
  /// large history has tens of thousands).
  package var saleCurrencies: Set<String> {
    var codes = CurrencyCodes()
    for index in transactions.indices where transactions[index].kind == .sell {
      codes.insert(transactions[index].priceCurrency)
    }
    return codes.set
  }
}

/// Currency codes gathered from a long run of transactions, where one code usually repeats
/// throughout: the code added last is not hashed again.
package struct CurrencyCodes {
  /// The codes gathered.
  package private(set) var set = Set<String>()
  private var last: String?

  /// No codes yet.
  package init() {}

  /// Adds `code` (a no-op when it is the one added last).
  package mutating func insert(_ code: String) {
    guard code != last else { return }
    set.insert(code)
    last = code
  }
}
