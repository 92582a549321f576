import CoinsImport
import CoinsModel
import Foundation
import Testing

/// Shorthands for the import tests: fixtures by name, and the values expected events are
/// written with.
enum ImportFixture {
  /// The folder of the fixture files, beside this file.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The bytes of fixture `name` (e.g. `kraken_ledgers_v1.csv`).
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// Reads fixture `name`.
  static func read(
    _ name: String, format: String? = nil, timeZone: ImportTimeZone? = nil
  ) throws -> ImportResult {
    try ImportReader.read(
      try bytes(name), format: format.flatMap(ImportFormat.named), timeZone: timeZone)
  }

  /// Reads inline text.
  static func read(text: String, timeZone: ImportTimeZone? = nil) throws -> ImportResult {
    try ImportReader.read(Array(text.utf8), timeZone: timeZone)
  }

  /// The error reading `text` gives, as its message.
  static func failure(_ text: String) -> String? {
    do {
      _ = try ImportReader.read(Array(text.utf8))
      return nil
    } catch {
      return error.message
    }
  }
}

/// An exact decimal from its text.
func dec(_ text: String) -> Decimal { Decimal(string: text)! }

/// An amount of a coin.
func coin(_ amount: String, _ ticker: String) -> ImportedAmount {
  ImportedAmount(dec(amount), .coin(ticker))
}

/// An amount of money.
func money(_ amount: String, _ code: String) -> ImportedAmount {
  ImportedAmount(dec(amount), .money(code))
}

/// A UTC instant from `2024-03-01T14:30:00Z` (fractions allowed).
func utc(_ text: String) -> Date { ISO8601Timestamp.parse(text)! }

/// A fee of `amount` counted as `treatment`.
func fee(_ amount: ImportedAmount, _ treatment: ImportedFee.Treatment) -> ImportedFee {
  ImportedFee(amount, treatment)
}

/// An expected event, its date written as UTC text.
func event(
  _ line: Int, _ date: String?, _ action: ImportedAction, fees: [ImportedFee] = [],
  value: ImportedAmount? = nil, id: String? = nil, note: String? = nil
) -> ImportedEvent {
  ImportedEvent(
    line: line, date: date.map(utc), action: action, fees: fees, value: value, id: id, note: note)
}

/// Expected skipped rows: `(line, reason)`.
func skips(_ rows: (Int, SkipReason)...) -> [SkippedRow] {
  rows.map { SkippedRow(line: $0.0, reason: $0.1) }
}

/// Checks events one by one (a failure names the line), then the whole list.
func expectEvents(
  _ actual: [ImportedEvent], _ expected: [ImportedEvent],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (got, want) in zip(actual, expected) where got != want {
    Issue.record("line \(want.line):\n got  \(got)\n want \(want)", sourceLocation: sourceLocation)
  }
  #expect(actual.count == expected.count, sourceLocation: sourceLocation)
}

/// An expected stated balance.
func balance(
  _ asset: ImportedAsset, _ wallet: String?, _ amount: String, _ line: Int, _ date: String
) -> StatedBalance {
  StatedBalance(asset: asset, wallet: wallet, amount: dec(amount), line: line, date: utc(date))
}
