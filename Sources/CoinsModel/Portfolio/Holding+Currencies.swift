extension Holding {
  /// The currencies its sales are priced in: usually one, read in place from every sale (a
  /// large history has tens of thousands).
  package var saleCurrencies: Set<String> {
    var codes = CurrencyCodes()
    for index in transactions.indices where transactions[index].kind == .sell {
      codes.insert(transactions[index].priceCurrency)
    }
    return codes.codes
  }
}
