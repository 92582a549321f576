/// What a buy, sale or transfer in is worth in the report's currency: its own price when it
/// is in that currency; else the day's open, the fee converted at the same ratio (the open
/// over the price paid); without a price, the day's open. Transfers in take their price when
/// they have one, else the day's open; income is valued at its price, else the day's open.
struct TransactionMoney: Sendable {
  /// The coins' value: amount × price (or × the day's open).
  var value: ExactDecimal = .zero
  /// The fee, converted; 0 when there is none (or it could not be converted).
  var fee: ExactDecimal = .zero
  /// Whether the day's open was needed.
  var needsOpen = false
  /// The fee's currency, when it could not be converted.
  var uncountedFeeCurrency: String?

  /// `transaction` in `currency` (lower-cased), with the day's `open` when there is one.
  init(_ transaction: Transaction, in currency: String, open: ExactDecimal?) {
    let amount = ExactDecimal(transaction.amount)
    let priceCurrency = transaction.priceCurrency.lowercased()
    let feeCurrency = transaction.feeCurrencyOrDefault.lowercased()
    let fee = transaction.fee.map(ExactDecimal.init) ?? .zero
    if let price = transaction.price.map(ExactDecimal.init), priceCurrency == currency {
      value = amount * price
      if feeCurrency == currency {
        self.fee = fee
      } else if !fee.isZero {
        uncountedFeeCurrency = feeCurrency
      }
      return
    }
    needsOpen = true
    value = amount * (open ?? .zero)
    guard !fee.isZero else { return }
    if feeCurrency == currency {
      self.fee = fee
    } else if feeCurrency == priceCurrency, let open,
      let price = transaction.price.map(ExactDecimal.init), price > .zero,
      let converted = (fee * open).divided(by: price)
    {
      self.fee = converted
    } else {
      uncountedFeeCurrency = feeCurrency
    }
  }
}
