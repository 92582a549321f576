import CoinsModel

/// One header layout of a format (BittyTax's shape: the header row it recognises, and the
/// function that turns its rows into events).
struct FormatVersion: Sendable {
  /// How the header is matched.
  enum Layout: Sendable {
    /// These columns, in this order; after them only the `extra` names (in any order) or empty
    /// cells. Trailing empty header cells are always allowed.
    case ordered([HeaderColumn], extra: [String])
    /// Columns in any order, each once, named loosely (case, spaces and underscores ignored):
    /// all of `required`, any of `optional`.
    case loose(required: [String], optional: [String])
    /// These columns first, in this order; every further cell is a column of its own name
    /// (Gemini's one column per asset held).
    case open([HeaderColumn])
  }

  /// Reads the table's rows into the log.
  typealias Reader = @Sendable (ImportTable, inout EventLog) throws(ImportError) -> Void

  /// The version's name (`v4`, `ledgers v3`).
  var name: String
  /// The header it recognises.
  var layout: Layout
  /// The zone of times written without one, unless the user gives another.
  var defaultZone: ImportTimeZone = .utc
  /// The reader.
  var read: Reader
  /// The order the format writes a date's parts in, when it says (Bitfinex: day first); else
  /// each column of dates decides its own from its rows (``ColumnConventions``).
  var dateOrder: DateOrder? = nil
  /// The order used when a column's rows do not decide it (coins' own CSV: month first, the
  /// US dates it has always taken); `nil`: such a column is an error.
  var undecidedDateOrder: DateOrder? = nil

  /// An ordered layout: `columns` by name, then any of `extra`.
  init(
    _ name: String, _ columns: [HeaderColumn], extra: [String] = [],
    defaultZone: ImportTimeZone = .utc, read: @escaping Reader
  ) {
    self.name = name
    layout = .ordered(columns, extra: extra)
    self.defaultZone = defaultZone
    self.read = read
  }

  /// An ordered layout of plain names.
  init(
    _ name: String, names: [String], extra: [String] = [], defaultZone: ImportTimeZone = .utc,
    read: @escaping Reader
  ) {
    self.init(
      name, names.map(HeaderColumn.init), extra: extra, defaultZone: defaultZone, read: read)
  }

  /// An open layout: `columns` by name first, then any columns at all.
  init(_ name: String, open columns: [String], read: @escaping Reader) {
    self.name = name
    layout = .open(columns.map(HeaderColumn.init))
    self.read = read
  }

  /// This version, its undecided dates read in `order`.
  func undecidedDates(_ order: DateOrder) -> FormatVersion {
    var version = self
    version.undecidedDateOrder = order
    return version
  }

  /// This version, its dates written in `order`.
  func dated(_ order: DateOrder) -> FormatVersion {
    var version = self
    version.dateOrder = order
    return version
  }

  /// A loose layout.
  init(_ name: String, required: [String], optional: [String], read: @escaping Reader) {
    self.name = name
    layout = .loose(required: required, optional: optional)
    self.read = read
  }

  /// The columns found in `cells` when they are this version's header, else `nil`.
  func match(_ cells: [String]) -> ColumnMap? {
    var cells = cells.map { $0.trimmedCell }
    while cells.last?.isEmpty == true { cells.removeLast() }
    var keys: [String: Int] = [:]
    var captured: [HeaderColumn.Capture: String] = [:]
    switch layout {
    case .open(let columns):
      guard cells.count >= columns.count else { return nil }
      for (index, column) in columns.enumerated() {
        guard column.matches(cells[index]).0 else { return nil }
        keys[column.key] = index
      }
      for index in columns.count..<cells.count where !cells[index].isEmpty {
        keys[cells[index]] = keys[cells[index]] ?? index
      }
    case .ordered(let columns, let extra):
      guard cells.count >= columns.count else { return nil }
      for (index, column) in columns.enumerated() {
        let (ok, value) = column.matches(cells[index])
        guard ok else { return nil }
        if keys[column.key] == nil { keys[column.key] = index }
        if case .capture(_, let capture, _) = column.match, let value {
          if let earlier = captured[capture], earlier != value { return nil }
          captured[capture] = value
        }
      }
      for index in columns.count..<cells.count where !cells[index].isEmpty {
        guard let name = extra.first(where: { $0.caseInsensitiveEquals(cells[index]) }) else {
          return nil
        }
        keys[name] = keys[name] ?? index
      }
    case .loose(let required, let optional):
      for (index, cell) in cells.enumerated() {
        guard
          let name = (required + optional).first(where: { Self.loose($0) == Self.loose(cell) }),
          keys[name] == nil
        else { return nil }
        keys[name] = index
      }
      guard required.allSatisfy({ keys[$0] != nil }) else { return nil }
    }
    return ColumnMap(keys: keys, names: cells, captured: captured)
  }

  /// A name without case, spaces or underscores: `Fee Currency` and `fee_currency` are one.
  static func loose(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "_" })
  }

  /// What the header looks like, for messages.
  var example: String {
    switch layout {
    case .ordered(let columns, _), .open(let columns):
      return columns.map { column in
        switch column.match {
        case .name(let name): name
        case .capture(let prefix, let capture, let suffix):
          prefix + (capture == .currency ? "EUR" : "UTC+01:00") + suffix
        }
      }.joined(separator: ",")
    case .loose(let required, let optional):
      return (required + optional).joined(separator: ",")
    }
  }
}
