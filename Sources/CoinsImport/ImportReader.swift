import CoinsModel

/// Reads an export: bytes → text → the header row found (after any preamble) → the format and
/// version it belongs to → events. Pure: no network, no files, no clock.
public enum ImportReader {
  /// How many rows from the top are searched for the header.
  public static let headerSearchRows = 20

  /// Everything `bytes` holds as imported events, or the first row that cannot be read.
  ///
  /// - Parameters:
  ///   - bytes: the file, as read (UTF-8 with or without a BOM, else Windows-1252).
  ///   - format: the format to read it as (`--format`); `nil` recognises it from its header.
  ///   - timeZone: the zone of times written without one (`--timezone`); `nil` keeps the
  ///     format's own (UTC everywhere but legacy KuCoin, UTC+8). A zone the header states
  ///     (KuCoin's `Filled Time(UTC+01:00)`) and a zone written in the time itself win.
  ///   - spread: the cores a large file's rows are split and its columns decided on.
  /// - Throws: an ``ImportError`` naming the line (and column): no header found, or a row
  ///   that cannot be read. Nothing is returned in part.
  public static func read(
    _ bytes: [UInt8], format: ImportFormat? = nil, timeZone: ImportTimeZone? = nil,
    spread: any WorkSpread = OneCore()
  ) throws(ImportError) -> ImportResult {
    // A spreadsheet is a zip (`PK`): said plainly rather than as a header not found.
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      throw ImportError(
        line: 1, column: nil,
        reason: "this is a spreadsheet (.xlsx), not CSV; open it and save its first sheet as "
          + "CSV (UTF-8), then import that file")
    }
    let text = ImportText.utf8(bytes)
    let formats = format.map { [$0] } ?? ImportFormat.all
    for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";")] {
      var rows = DelimitedRows(text, delimiter: delimiter)
      var preambleZone: ImportTimeZone?
      for _ in 0..<headerSearchRows {
        guard let row = try? rows.next() else { break }
        guard let (found, version, columns) = match(row.cells, in: formats) else {
          preambleZone = preambleZone ?? statedZone(row.cells)
          continue
        }
        let zone =
          columns.captured[.zone].flatMap(ImportTimeZone.init) ?? preambleZone ?? timeZone
          ?? version.defaultZone
        var cells = try rows.dataRows(spread: spread)
        let conventions = ColumnConventions.decide(
          cells, columns: columns.names.count, declared: version.dateOrder,
          undecided: version.undecidedDateOrder,
          semicolons: delimiter == UInt8(ascii: ";"), spread: spread)
        let context = RowContext(columns: columns, zone: zone, conventions: conventions)
        var table = ImportTable(
          version: version, columns: columns, zone: zone,
          rows: cells.map { SourceRow(line: $0.line, cells: $0.cells, context: context) },
          spread: spread)
        cells = []
        let rowsRead = table.rows.count
        var log = EventLog()
        log.events.reserveCapacity(rowsRead)
        try version.read(table, &log)
        table.letGoOfRows()
        var result = ImportResult(
          format: found.id, version: version.name, headerLine: row.line, rowsRead: rowsRead,
          events: inLineOrder(log.events) { $0.line },
          skipped: inLineOrder(log.skipped) { $0.line })
        result.warnings = inLineOrder(log.warnings) { $0.line }
        result.statedBalances = log.statedBalances
        result.statedHistory = log.statedHistory
        return result
      }
    }
    if let format {
      throw ImportError(
        line: 1, column: nil,
        reason: "no \(format.title) header in the first \(headerSearchRows) rows; expected one "
          + "such as \(format.versions[0].example)")
    }
    throw ImportError(
      line: 1, column: nil,
      reason: "no known header in the first \(headerSearchRows) rows (formats: "
        + ImportFormat.all.map(\.id).joined(separator: ", ") + "); --format names one")
  }

  /// `items` by line, those of one line kept in the order written (a grouped reader writes a
  /// trade at its first line after rows below it); no sort when they are in order already.
  private static func inLineOrder<Item>(_ items: [Item], line: (Item) -> Int) -> [Item] {
    var previous = Int.min
    var ordered = true
    for item in items {
      let current = line(item)
      if current < previous {
        ordered = false
        break
      }
      previous = current
    }
    if ordered { return items }
    return items.enumerated().sorted {
      (line($0.element), $0.offset) < (line($1.element), $1.offset)
    }.map(\.element)
  }

  /// The zone a preamble line states (OKX's `Time Zone:UTC+8`), if it does.
  private static func statedZone(_ cells: [String]) -> ImportTimeZone? {
    for cell in cells {
      let trimmed = cell.trimmedCell
      guard trimmed.lowercased().hasPrefix("time zone:") else { continue }
      return ImportTimeZone(String(trimmed.dropFirst("time zone:".count)))
    }
    return nil
  }

  private static func match(
    _ cells: [String], in formats: [ImportFormat]
  ) -> (ImportFormat, FormatVersion, ColumnMap)? {
    for format in formats {
      for version in format.versions {
        if let columns = version.match(cells) { return (format, version, columns) }
      }
    }
    return nil
  }
}
