import FoundationEssentials

/// One checked row of an import file: the transaction and its coin.
public struct ImportRow: Sendable, Equatable {
  /// The line it was on.
  public var line: Int
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transaction (its id empty when the row had none).
  public var transaction: Transaction

  /// A row made elsewhere (an exchange's export, read by `CoinsImport`).
  public init(line: Int, coin: String, transaction: Transaction) {
    self.line = line
    self.coin = coin
    self.transaction = transaction
  }

  /// The row from its fields, named by `columns` (the header's names, in order); every field
  /// is checked.
  init(_ fields: [String], columns: [String], line: Int) throws(ImportError) {
    // A dozen names at most: found by looking, faster than hashing each one for each row.
    let values = { (column: String) -> String? in
      columns.firstIndex(of: column).map { CSVField.decode(fields[$0]) }
    }
    func fail(_ column: String, _ reason: String) -> ImportError {
      let shown = Sanitizer.printable(values(column) ?? "")
      return ImportError(line: line, column: column, reason: "'\(shown)' \(reason)")
    }
    func text(_ column: String) -> String? {
      let value = values(column) ?? ""
      return value.isEmpty ? nil : value
    }
    func decimal(_ column: String, positive: Bool) throws(ImportError) -> Decimal? {
      guard let value = text(column) else { return nil }
      guard let number = positive ? DecimalInput.amount(value) : DecimalInput.parse(value) else {
        throw fail(column, "is not a \(positive ? "positive " : "")decimal number such as 0.5")
      }
      return number
    }
    func currency(_ column: String) throws(ImportError) -> String? {
      guard let value = text(column) else { return nil }
      guard SafeName.of(value) == value, value.count <= 16 else {
        throw fail(column, "is not a currency code such as usd")
      }
      return value.lowercased()
    }
    self.line = line
    guard let kind = TransactionKind(rawValue: values("type") ?? "") else {
      throw fail("type", "is not one of buy, sell, in, out")
    }
    guard let coin = text("coin"), SafeName.of(coin) == coin, coin.count <= 100 else {
      throw fail("coin", "is not a CoinGecko id such as bitcoin")
    }
    self.coin = coin.lowercased()
    guard let amount = try decimal("amount", positive: true) else {
      throw fail("amount", "is not a positive decimal number such as 0.5")
    }
    var transaction = Transaction(kind: kind, amount: amount)
    if let date = text("date") {
      guard let parsed = DateInput.parse(date) else {
        throw fail("date", "is not a date such as 2026-03-01 or 2026-03-01T14:30:00Z")
      }
      transaction.date = parsed
    }
    transaction.price = try decimal("price", positive: false)
    transaction.currency = try currency("currency")
    transaction.fee = try decimal("fee", positive: false)
    transaction.feeCurrency = try currency("feeCurrency")
    if let note = text("note") {
      guard Sanitizer.clean(note) == note, note.count <= 500 else {
        throw fail("note", "has control characters or is over 500 characters")
      }
      transaction.note = note
    }
    if let id = text("id") {
      guard Sanitizer.clean(id) == id, id.count <= 64, !id.contains(",") else {
        throw fail("id", "is not a transaction id such as 7")
      }
      transaction.id = id
    }
    self.transaction = transaction
  }
}
