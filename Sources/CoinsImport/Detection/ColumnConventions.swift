import CoinsModel

/// How a file writes its dates and numbers, decided per column for the whole file, never per
/// cell: the order of a date's parts (`04-02-20` is day first in one file, year first in
/// another) and whether a comma is the decimal separator (`1.234,56`, where a spreadsheet in a
/// German locale wrote it). A column the file cannot decide is an error naming a row that
/// shows why, raised when a reader reads that column.
struct ColumnConventions: Sendable {
  /// What was decided about a column.
  enum Decision: Sendable {
    /// Read this way.
    case decided
    /// The rows disagree, or none tells: reading the column fails with this row and reason.
    case undecided(line: Int, text: String, reason: String)
  }

  /// Each column's date order, where its dates depend on one (by column position).
  var dateOrders: [DateOrder?]
  /// Each column's date decision (by column position; `nil` for columns not decided).
  var dateDecisions: [Decision?]
  /// Whether each column writes a decimal comma.
  var decimalComma: [Bool]
  /// Each column's number decision, where it had to make one.
  var numberDecisions: [Decision?]

  /// No column decided: what a table of no rows has.
  static let none = ColumnConventions(
    dateOrders: [], dateDecisions: [], decimalComma: [], numberDecisions: [])

  /// Decides the columns of `rows`: `declared` is the order the format writes its dates in, if
  /// it says, `undecided` the one it reads when no row decides; `semicolons`, whether the file
  /// is `;`-separated (where `1,234` may be one and a bit). The rows are looked through, and
  /// then each column decided, on the cores `spread` gives.
  static func decide(
    _ rows: [RawRow], columns: Int, declared: DateOrder?, undecided: DateOrder? = nil,
    semicolons: Bool, spread: any WorkSpread = OneCore()
  ) -> ColumnConventions {
    // Which columns hold a date whose order matters, and which a comma.
    let seen = spread.runs(of: rows.count, threshold: Self.spreadRows) { run in
      var dated = [Bool](repeating: false, count: columns)
      var commas = [Bool](repeating: false, count: columns)
      for row in rows[run] {
        for (index, cell) in row.cells.enumerated() where index < columns {
          if !dated[index], ImportDate.dependsOnOrder(untrimmed: cell) { dated[index] = true }
          if !commas[index], cell.containsComma { commas[index] = true }
        }
      }
      return (dated: dated, commas: commas)
    }
    let dated = (0..<columns).map { index in seen.contains { $0.dated[index] } }
    let commas = (0..<columns).map { index in seen.contains { $0.commas[index] } }
    let decided = spread.map(
      (0..<columns).filter { dated[$0] || commas[$0] }, weight: { _ in rows.count },
      threshold: Self.spreadRows
    ) { index in
      let date: (DateOrder?, Decision)? =
        !dated[index]
        ? nil
        : declared.map { ($0, .decided) } ?? dateOrder(rows, index, undecided: undecided)
      let comma = commas[index] ? decimalSeparator(rows, index, semicolons: semicolons) : nil
      return (index: index, date: date, comma: comma)
    }
    var result = ColumnConventions(
      dateOrders: .init(repeating: nil, count: columns),
      dateDecisions: .init(repeating: nil, count: columns),
      decimalComma: .init(repeating: false, count: columns),
      numberDecisions: .init(repeating: nil, count: columns))
    for column in decided {
      if let (order, decision) = column.date {
        (result.dateOrders[column.index], result.dateDecisions[column.index]) = (order, decision)
      }
      if let (comma, decision) = column.comma {
        (result.decimalComma[column.index], result.numberDecisions[column.index]) = (
          comma, decision
        )
      }
    }
    return result
  }

  /// Below this many rows, a file's columns are decided in one thread.
  private static let spreadRows = 4_000

  /// 2009-01-01, before which no exchange wrote a row: a reading earlier than that rules out
  /// the order that gave it (`25-01-04` is not 25 January 2004).
  private static let earliest = 1_230_768_000

  private static func dateOrder(
    _ rows: [RawRow], _ index: Int, undecided: DateOrder?
  ) -> (DateOrder?, Decision) {
    // Slashes are month or day first; dashes may also be year first (`25-01-04`).
    var candidates: [DateOrder] = [.monthFirst, .dayFirst]
    var initial = candidates
    for row in rows where index < row.cells.count {
      if ImportDate.orderSeparator(row.cells[index].trimmedCell) == UInt8(ascii: "-") {
        candidates = DateOrder.allCases
        initial = candidates
        break
      }
    }
    for row in rows where index < row.cells.count {
      let text = row.cells[index].trimmedCell
      guard ImportDate.dependsOnOrder(text) else { continue }
      let fitting = initial.filter { order in
        (ImportDate.read(text, order: order)?.wallSeconds ?? Int.min) >= earliest
      }
      if fitting.isEmpty { continue }  // not a date at all: its reader says so, if it reads it
      let kept = candidates.filter(fitting.contains)
      if kept.isEmpty {
        return (
          nil,
          .undecided(
            line: row.line, text: text,
            reason: "reads only \(fitting.map(\.words).joined(separator: " or ")), unlike the "
              + "rows above it (\(candidates.map(\.words).joined(separator: " or ")))")
        )
      }
      candidates = kept
    }
    guard candidates.count > 1 else { return (candidates.first, .decided) }
    if let undecided, candidates.contains(undecided) { return (undecided, .decided) }
    for row in rows where index < row.cells.count {
      let text = row.cells[index].trimmedCell
      guard ImportDate.dependsOnOrder(text) else { continue }
      let readings = Set(candidates.compactMap { ImportDate.read(text, order: $0)?.wallSeconds })
      if readings.count > 1 {
        return (
          nil,
          .undecided(
            line: row.line, text: text,
            reason: "could be \(candidates.map(\.words).joined(separator: " or ")), and no row "
              + "of the file tells which")
        )
      }
    }
    return (candidates.first, .decided)
  }

  /// How a cell with a comma reads: surely a decimal comma, surely a decimal point, or either.
  private enum Separator { case comma, point, either, neither }

  private static func separator(_ text: String) -> Separator {
    var commas = 0
    var points = 0
    var afterComma = 0
    var afterPoint = 0
    var pointBeforeComma = false
    var commaBeforePoint = false
    var digitsBefore = ""
    for byte in text.utf8 {
      switch byte {
      case 0x30...0x39:
        if commas == 0 && points == 0 { digitsBefore.unicodeScalars.append(.init(byte)) }
        if commas > 0 { afterComma += 1 }
        if points > 0 { afterPoint += 1 }
      case 0x2C:
        commas += 1
        afterComma = 0
        if points > 0 { pointBeforeComma = true }
      case 0x2E:
        points += 1
        afterPoint = 0
        if commas > 0 { commaBeforePoint = true }
      case 0x2D, 0x2B, 0x20, 0x45, 0x65: continue
      default: return .neither
      }
    }
    if commas == 0 { return points > 0 && afterPoint != 3 ? .point : .neither }
    if commaBeforePoint { return .point }
    if commas > 1 { return points == 0 ? .point : .neither }
    if pointBeforeComma || afterComma != 3 || digitsBefore == "0" || digitsBefore.isEmpty {
      return .comma
    }
    return .either
  }

  private static func decimalSeparator(
    _ rows: [RawRow], _ index: Int, semicolons: Bool
  ) -> (Bool, Decision?) {
    var firstComma: (Int, String)?
    var firstPoint: (Int, String)?
    var firstEither: (Int, String)?
    for row in rows where index < row.cells.count {
      let text = row.cells[index].trimmedCell
      switch separator(text) {
      case .comma: if firstComma == nil { firstComma = (row.line, text) }
      case .point: if firstPoint == nil { firstPoint = (row.line, text) }
      case .either: if firstEither == nil { firstEither = (row.line, text) }
      case .neither: continue
      }
    }
    switch (firstComma, firstPoint) {
    case (let comma?, let point?):
      let (line, text) = comma.0 > point.0 ? comma : point
      return (
        false,
        .undecided(
          line: line, text: text,
          reason: "writes its decimals unlike the rows above it (a comma in one, a point in "
            + "another)")
      )
    case (.some, nil): return (true, .decided)
    case (nil, _):
      guard semicolons, firstPoint == nil, let (line, text) = firstEither else {
        return (false, nil)
      }
      return (
        false,
        .undecided(
          line: line, text: text,
          reason: "could be a decimal comma or a thousands comma, and no row of the file "
            + "tells which")
      )
    }
  }

  /// `text` with a decimal comma written with a point (`1.234,56` → `1234.56`).
  static func pointed(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 where byte != 0x2E { bytes.append(byte == 0x2C ? 0x2E : byte) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// Whether it has a comma, looked for in its own storage where it has one (the view's
  /// iterator costs ten times as much, on every cell of a file).
  fileprivate var containsComma: Bool {
    utf8.withContiguousStorageIfAvailable { $0.contains(0x2C) } ?? utf8.contains(0x2C)
  }
}
