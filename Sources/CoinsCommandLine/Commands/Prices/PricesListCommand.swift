import CoinsModel
import CoinsPresentation
import CoinsPriceSources
import CoinsSupport

/// Runs `coins prices list`: per coin and currency, the days your imported prices cover and the
/// file they came from (no network).
struct PricesListCommand: RunnableCommand, Equatable {
  var json = false

  static let spec = CommandSpec(
    path: ["prices", "list"],
    abstract: "Show the prices you imported: per coin the days covered and the file (no network).",
    options: [PricesCommand.jsonOption],
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["prices", "list"])
      return PricesListCommand(json: parsed.flag(PricesCommand.jsonOption))
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = PricesCommand.store(in: context)
    let coverage = OwnPriceCoverage.of(try PricesCommand.load(from: store))
    if json {
      context.stdout.write(Self.json(coverage, file: store.url.path))
    } else if coverage.isEmpty {
      context.stdout.write("No prices imported. Import a file with: coins prices import <file>\n")
    } else {
      context.stdout.write(Self.table(coverage))
    }
  }

  /// `btc in USD: 3 days, 2021-05-01 to 2021-05-03`.
  static func summary(_ coverage: OwnPriceCoverage) -> String {
    let days = "\(coverage.days) day\(coverage.days == 1 ? "" : "s")"
    let span =
      coverage.first == coverage.last
      ? "\(coverage.first)" : "\(coverage.first) to \(coverage.last)"
    return "\(Sanitizer.clean(coverage.coin)) in \(coverage.currency): \(days), \(span)"
  }

  /// One row per series under a header: coin, currency, first and last day, days, file.
  static func table(_ coverage: [OwnPriceCoverage]) -> String {
    let rows =
      [["coin", "currency", "from", "to", "days", "file"]]
      + coverage.map {
        [
          Sanitizer.clean($0.coin), $0.currency, "\($0.first)", "\($0.last)", "\($0.days)",
          Sanitizer.clean($0.file),
        ]
      }
    let widths = (0..<6).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    return rows.map { row in
      row.indices.map { column in
        column == row.count - 1
          ? row[column] : DisplayWidth.pad(row[column], to: widths[column] + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }

  /// `{"file":"…/prices.json","prices":[{"coin":"btc","currency":"USD","from":"2021-05-01",
  /// "to":"2021-05-03","days":3,"file":"prices.csv"}]}`.
  static func json(_ coverage: [OwnPriceCoverage], file: String) -> String {
    let entries = coverage.map { one in
      JSONValue.object([
        JSONMember("coin", .string(one.coin)),
        JSONMember("currency", .string(one.currency)),
        JSONMember("from", .string("\(one.first)")),
        JSONMember("to", .string("\(one.last)")),
        JSONMember("days", .number("\(one.days)")),
        JSONMember("file", .string(one.file)),
      ])
    }
    return JSONValueWriter.write(
      .object([JSONMember("file", .string(file)), JSONMember("prices", .array(entries))]))
  }
}
