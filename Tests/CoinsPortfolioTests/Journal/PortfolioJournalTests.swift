import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The journal beside the portfolio file: one entry per change, written through the store's
/// one write path, and the crash rule that drops an entry whose change never reached the file.
@Suite struct PortfolioJournalTests {
  private static let day = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

  private func store(_ directory: TemporaryDirectory, command: [String] = []) -> PortfolioStore {
    var store = PortfolioStore(url: directory.file("portfolio.json"))
    store.commandLine = command
    store.now = { Date(timeIntervalSince1970: 1_764_417_600) }  // 2025-11-29T12:00:00Z
    return store
  }

  private func buy(_ amount: String) -> Transaction {
    Transaction(kind: .buy, amount: Decimal(string: amount)!, price: 100, date: Self.day)
  }

  @Test func everyChangeAppendsOneEntryWithItsCommandLineAndWhatItChanged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = store(directory, command: ["coins", "portfolio", "add", "btc", "1"])
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    try store.update { try $0.record(buy("2"), to: "ethereum") }
    try store.update { portfolio in _ = try portfolio.undo("1") }

    let entries = try store.history().entries
    expectEqual(entries.map(\.number), [1, 2, 3])
    expectEqual(entries[0].commandLine, ["coins", "portfolio", "add", "btc", "1"])
    expectEqual(entries[0].date, Date(timeIntervalSince1970: 1_764_417_600))
    #expect(
      entries.map(\.summary) == [
        "added transaction 1", "added transaction 2", "removed transaction 1",
      ])
    #expect(entries[0].before == nil)
    expectEqual(entries[1].before, entries[0].after)
    let file = try [UInt8](Data(contentsOf: store.url))
    expectEqual(entries[2].after, FileStamp(of: file))
    expectEqual(entries[2].removed.first?.transaction, buy("1").with(id: "1"))
  }

  @Test func aChangeThatChangesNothingIsNotJournaled() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = store(directory)
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    try store.update { _ in }
    try expectEqual(store.history().entries.count, 1)
  }

  @Test func aFileWithoutAJournalReadsAsNoChangesAndItsFirstChangeStartsOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = """
      {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
        {"id": "1", "type": "buy", "amount": "0.5"}]}]}

      """
    try Data(text.utf8).write(to: directory.file("portfolio.json"))
    let store = store(directory)
    #expect(try store.history().entries.isEmpty)
    try expectEqual(store.load().holdings.count, 1)
    #expect(throws: JournalError.nothingToUndo) { try store.undo(.last) }

    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    let entries = try store.history().entries
    expectEqual(entries.map(\.number), [1])
    expectEqual(entries[0].before, FileStamp(of: Array(text.utf8)))
    // Taken back, the hand-written file is back byte for byte.
    _ = try store.undo(.last)
    try expectEqual(String(contentsOf: store.url, encoding: .utf8), text)
  }

  /// The crash rule: the entry is appended before the file is renamed; a crash between the two
  /// leaves an entry whose file never arrived — dropped on reading, cut off by the next change.
  @Test func anEntryWhoseChangeNeverReachedTheFileIsDropped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = store(directory)
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    let fileBefore = try Data(contentsOf: store.url)
    try store.update { try $0.record(buy("2"), to: "bitcoin") }
    let journalWithTwo = try Data(contentsOf: store.journal.url)
    // The state a crash between the two writes leaves: the second entry, the first file.
    try fileBefore.write(to: store.url)

    try expectEqual(store.history().entries.map(\.number), [1])
    try store.update { try $0.record(buy("3"), to: "bitcoin") }
    let entries = try store.history().entries
    expectEqual(entries.map(\.number), [1, 2])
    expectEqual(entries[1].summary, "added transaction 2")  // the new change, numbered 2 again
    expectEqual(entries[1].before, entries[0].after)
    let journal = try Data(contentsOf: store.journal.url)
    #expect(journal.count < journalWithTwo.count + 400)  // the dropped line is gone
  }

  @Test func aLastLineCutShortByACrashIsDropped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = store(directory)
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    let handle = try FileHandle(forWritingTo: store.journal.url)
    handle.seekToEndOfFile()
    handle.write(Data("{\"change\": 2, \"date\": \"2025-".utf8))
    try handle.close()

    try expectEqual(store.history().entries.map(\.number), [1])
    try store.update { try $0.record(buy("2"), to: "bitcoin") }
    try expectEqual(store.history().entries.map(\.number), [1, 2])
    let lines = try String(contentsOf: store.journal.url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    expectEqual(lines.count, 3)  // two entries and the empty piece after the last newline
  }

  @Test func aDamagedLineInTheMiddleIsAnErrorNamingIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = store(directory)
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    try store.update { try $0.record(buy("2"), to: "bitcoin") }
    var text = try String(contentsOf: store.journal.url, encoding: .utf8)
    text = "not json\n" + text
    try Data(text.utf8).write(to: store.journal.url)
    #expect(
      throws: JournalError.corrupt(
        path: store.journal.url.path, detail: "line 1 is not a journal entry")
    ) {
      try store.history()
    }
  }
}

extension Transaction {
  /// This transaction with `id`.
  func with(id: String) -> Transaction {
    var copy = self
    copy.id = id
    return copy
  }
}
