import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A journal entry as one line of JSON (the journal is JSON Lines):
///
/// ```json
/// {"change": 4, "date": "2026-11-29T12:00:00.000Z", "command": ["coins", "portfolio", "add", "btc", "0.5"],
///  "before": "812:9f0c…", "after": "951:77ab…", "splice": {"offset": 790, "inserted": 139, "replaced": "<base64>"},
///  "added": ["5"], "removed": [], "replaced": [], "referenced": []}
/// ```
///
/// with `"rest"` (base64) when the part of the file beside the transactions changed, and
/// `"undoes": <n>` on an undo. Removed and replaced transactions are written as the portfolio
/// file writes them, under `"transaction"`, with `"coin"` and `"index"`.
extension JournalEntry {
  /// The entry's line, ending in a newline.
  func line() -> [UInt8] {
    var output = JSONBytes(capacity: 256 + splice.replacedBytes.count * 4 / 3)
    output.append("{\"change\": ")
    output.append(String(number))
    output.append(", \"date\": ")
    output.appendString(ISO8601Timestamp.format(date))
    output.append(", \"command\": [")
    for (index, word) in commandLine.enumerated() {
      if index > 0 { output.append(", ") }
      output.appendString(word)
    }
    output.append("], \"before\": ")
    if let before { output.appendString(before.text) } else { output.append("null") }
    output.append(", \"after\": ")
    output.appendString(after.text)
    output.append(", \"splice\": {\"offset\": ")
    output.append(String(splice.offset))
    output.append(", \"inserted\": ")
    output.append(String(splice.insertedCount))
    output.append(", \"replaced\": ")
    output.appendString(Data(splice.replacedBytes).base64EncodedString())
    output.append("}, \"added\": ")
    Self.strings(added, into: &output)
    output.append(", \"removed\": ")
    Self.placed(removed, into: &output)
    output.append(", \"replaced\": ")
    Self.placed(replaced, into: &output)
    output.append(", \"referenced\": ")
    Self.strings(referenced, into: &output)
    if let previousRest {
      output.append(", \"rest\": ")
      output.appendString(Data(previousRest).base64EncodedString())
    }
    if let undoes {
      output.append(", \"undoes\": ")
      output.append(String(undoes))
    }
    output.append("}\n")
    return output.bytes
  }

  /// The entry a line holds; `nil` when it is not one (a line cut short by a crash, say).
  init?(line: ArraySlice<UInt8>) {
    guard let value = try? JSONValueParser.parse(Array(line)),
      case .number(let numberText) = value["change"], let number = Int(numberText),
      let dateText = value["date"]?.stringValue, let date = ISO8601Timestamp.parse(dateText),
      let words = value["command"]?.arrayValue,
      let afterText = value["after"]?.stringValue, let after = FileStamp(text: afterText),
      let splice = value["splice"], case .number(let offsetText) = splice["offset"],
      let offset = Int(offsetText), case .number(let insertedText) = splice["inserted"],
      let inserted = Int(insertedText), let replacedText = splice["replaced"]?.stringValue,
      let replacedBytes = Data(base64Encoded: replacedText),
      let added = Self.strings(value["added"]), let referenced = Self.strings(value["referenced"]),
      let removed = Self.placed(value["removed"]), let replaced = Self.placed(value["replaced"])
    else { return nil }
    var before: FileStamp?
    if let beforeText = value["before"]?.stringValue {
      guard let stamp = FileStamp(text: beforeText) else { return nil }
      before = stamp
    }
    var previousRest: [UInt8]?
    if let restText = value["rest"]?.stringValue {
      guard let rest = Data(base64Encoded: restText) else { return nil }
      previousRest = [UInt8](rest)
    }
    var undoes: Int?
    if case .number(let undoesText) = value["undoes"] { undoes = Int(undoesText) }
    self.init(
      number: number, date: date, commandLine: words.compactMap(\.stringValue), before: before,
      after: after,
      splice: ByteSplice(
        offset: offset, replacedBytes: [UInt8](replacedBytes), insertedCount: inserted),
      added: added, removed: removed, replaced: replaced, referenced: referenced,
      previousRest: previousRest, undoes: undoes)
  }

  private static func strings(_ values: [String], into output: inout JSONBytes) {
    output.append("[")
    for (index, value) in values.enumerated() {
      if index > 0 { output.append(", ") }
      output.appendString(value)
    }
    output.append("]")
  }

  private static func placed(_ values: [PlacedTransaction], into output: inout JSONBytes) {
    output.append("[")
    for (index, value) in values.enumerated() {
      output.append(index > 0 ? ", {\"coin\": " : "{\"coin\": ")
      output.appendString(value.coin)
      output.append(", \"index\": ")
      output.append(String(value.index))
      output.append(", \"transaction\": ")
      TransactionCodec.write(value.transaction, into: &output)
      output.append("}")
    }
    output.append("]")
  }

  private static func strings(_ value: JSONValue?) -> [String]? {
    guard let elements = value?.arrayValue else { return nil }
    let strings = elements.compactMap(\.stringValue)
    return strings.count == elements.count ? strings : nil
  }

  private static func placed(_ value: JSONValue?) -> [PlacedTransaction]? {
    guard let elements = value?.arrayValue else { return nil }
    var placed: [PlacedTransaction] = []
    for element in elements {
      guard let coin = element["coin"]?.stringValue, case .number(let indexText) = element["index"],
        let index = Int(indexText), let object = element["transaction"]
      else { return nil }
      var cursor = JSONCursor(Array(JSONValueWriter.write(object).utf8))
      guard
        let transaction = try? TransactionCodec.decode(
          from: &cursor, at: "the journal", version: Portfolio.formatVersion)
      else { return nil }
      placed.append(PlacedTransaction(coin: coin, index: index, transaction: transaction))
    }
    return placed
  }
}
