import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where each column of a matched header is, and what the header captured.
struct ColumnMap: Sendable {
  /// Key → position.
  var keys: [String: Int]
  /// The header's cells as written, for messages.
  var names: [String]
  /// What the header's columns captured (Coinbase v1's currency, KuCoin's zone).
  var captured: [HeaderColumn.Capture: String]
}

/// The rows after a matched header, with what a reader needs to read them.
struct ImportTable: Sendable {
  /// The matched version.
  var version: FormatVersion
  /// Its columns.
  var columns: ColumnMap
  /// The zone of times written without one.
  var zone: ImportTimeZone
  /// The data rows (blank ones and ones of empty cells left out).
  var rows: [SourceRow]
  /// The cores a reader whose rows stand alone may read them on, in parts.
  var spread: any WorkSpread = OneCore()
}

/// What every row of a table shares, held once: copying a row retains one object, not each
/// part of the header (a tenth of the time of a 100,000-row file went on that).
final class RowContext: Sendable {
  /// The table's header.
  let columns: ColumnMap
  /// The zone of times written without one.
  let zone: ImportTimeZone
  /// How each column writes its dates and numbers.
  let conventions: ColumnConventions

  init(columns: ColumnMap, zone: ImportTimeZone, conventions: ColumnConventions = .none) {
    self.columns = columns
    self.zone = zone
    self.conventions = conventions
  }
}

/// A column a reader reads: named by its key (looked up in the header's keys each time), or
/// ``ResolvedColumn``, looked up once for the file (a hash of the name a cell was a tenth of
/// reading KuCoin's 100,000 rows).
protocol ColumnName: Sendable {
  /// The key the header's column is read as.
  var columnKey: String { get }
  /// The column's position in `columns`, `nil` when the header lacks it.
  func position(in columns: ColumnMap) -> Int?
}

extension String: ColumnName {
  var columnKey: String { self }
  func position(in columns: ColumnMap) -> Int? { columns.keys[self] }
}

/// A column's key with its position in one table's header, looked up once
/// (``ImportTable/column(_:)``): read only from that table's rows.
struct ResolvedColumn: ColumnName {
  let columnKey: String
  /// Its position in the table's header.
  let index: Int?

  func position(in columns: ColumnMap) -> Int? { index }
}

extension ImportTable {
  /// The column read as `key`, its position looked up once for every row of this table.
  func column(_ key: String) -> ResolvedColumn {
    ResolvedColumn(columnKey: key, index: columns.keys[key])
  }
}

/// One data row, read through the header: each accessor names the line and column when the
/// cell cannot be read.
struct SourceRow: Sendable {
  /// The line it starts on.
  var line: Int
  /// Its cells.
  var cells: [String]
  /// The table's header and zone.
  var context: RowContext

  /// The table's header.
  var columns: ColumnMap { context.columns }
  /// The zone of times written without one.
  var zone: ImportTimeZone { context.zone }

  /// Whether the header has `key`.
  func has(_ key: some ColumnName) -> Bool { key.position(in: columns) != nil }

  /// The position of the cell under `key`: `nil` when the header or the row lacks it.
  private func position(_ key: some ColumnName) -> Int? {
    guard let index = key.position(in: context.columns), index < cells.count else { return nil }
    return index
  }

  /// The cell under `key`, spaces trimmed; empty when the header or the row lacks it.
  func text(_ key: some ColumnName) -> String {
    position(key).map { cells[$0].trimmedCell } ?? ""
  }

  /// The cell at `index` (a position from the header's keys), as ``text(_:)`` reads it, without
  /// hashing the column's name (Gemini reads its figures so).
  func text(at index: Int?) -> String {
    guard let index, index < cells.count else { return "" }
    return cells[index].trimmedCell
  }

  /// The cell, or `nil` when empty (or a dash, which some exports write for nothing).
  func optionalText(_ key: some ColumnName) -> String? {
    let value = text(key)
    return value.isEmpty || value == "-" ? nil : value
  }

  /// Whether the cell at `index` (a position from the header's keys) holds something, as
  /// ``optionalText(_:)`` reads it, without hashing a key or copying the cell.
  func hasValue(at index: Int?) -> Bool {
    guard let index, index < cells.count else { return false }
    return !cells[index].isBlankCell
  }

  /// The header's name of the column read as `key`.
  func columnName(_ key: some ColumnName) -> String {
    key.position(in: columns).map { columns.names[$0] } ?? key.columnKey
  }

  /// An error at this row's `key` column.
  func fail(_ key: some ColumnName, _ reason: String) -> ImportError {
    ImportError(line: line, column: columnName(key), reason: reason)
  }

  /// An error about the cell's value.
  func failValue(_ key: some ColumnName, _ expected: String) -> ImportError {
    let shown = Sanitizer.printable(text(key))
    return fail(
      key, shown.isEmpty ? "is empty, expected \(expected)" : "'\(shown)' is not \(expected)")
  }

  /// A number, signs of money allowed around it (`€3343.11`, `-€597.49`).
  func number(_ key: some ColumnName) throws(ImportError) -> Decimal {
    guard let value = try optionalNumber(key) else { throw failValue(key, "a number") }
    return value
  }

  /// A number, or `nil` when the cell is empty or a dash; a column of decimal commas is read
  /// as one (``ColumnConventions``).
  func optionalNumber(_ key: some ColumnName) throws(ImportError) -> Decimal? {
    // The column looked up once (a hash of its name), not once for the text and again for
    // its conventions.
    guard let index = position(key) else { return nil }
    var text = cells[index].trimmedCell
    if text.isEmpty || text == "-" { return nil }
    if index < context.conventions.decimalComma.count {
      try check(context.conventions.numberDecisions[index], key)
      if context.conventions.decimalComma[index] { text = ColumnConventions.pointed(text) }
    }
    guard let reading = ImportNumber.read(text),
      ImportNumber.isSign(reading.unit) || FiatCurrency.isFiat(reading.unit)
    else { throw failValue(key, "a number") }
    return reading.value
  }

  /// A number with its ticker in the same cell (`0.5BTC`, `1.00000000 ETH`).
  func numberWithTicker(_ key: some ColumnName) throws(ImportError) -> (Decimal, String) {
    guard let reading = ImportNumber.read(text(key)), ImportNumber.isTicker(reading.unit) else {
      throw failValue(key, "an amount and its ticker such as 0.5BTC")
    }
    return (reading.value, reading.unit)
  }

  /// The error of a column the file could not decide, if it is one.
  private func check(_ decision: ColumnConventions.Decision?, _ key: some ColumnName)
    throws(ImportError)
  {
    guard case .undecided(let line, let text, let reason)? = decision else { return }
    throw ImportError(
      line: line, column: columnName(key), reason: "'\(Sanitizer.printable(text))' \(reason)")
  }

  /// The order of the parts of the column's dates, as the file decided it.
  func dateOrder(_ key: some ColumnName) throws(ImportError) -> DateOrder? {
    try dateOrder(at: key.position(in: context.columns), key)
  }

  /// ``dateOrder(_:)`` of the column at `index`, `key`'s.
  private func dateOrder(at index: Int?, _ key: some ColumnName) throws(ImportError) -> DateOrder? {
    guard let index, index < context.conventions.dateOrders.count else { return nil }
    try check(context.conventions.dateDecisions[index], key)
    return context.conventions.dateOrders[index]
  }

  /// A timestamp, placed in the table's zone unless it states its own.
  func date(_ key: some ColumnName) throws(ImportError) -> Date {
    let index = key.position(in: context.columns)
    let text = index.flatMap { $0 < cells.count ? cells[$0].trimmedCell : nil } ?? ""
    guard let reading = ImportDate.read(text, order: try dateOrder(at: index, key)) else {
      throw failValue(key, "a date and time such as 2024-03-01 14:30:00")
    }
    return reading.date(in: zone)
  }
}
