import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins portfolio undo` at the store: the last change back byte for byte, an earlier one put
/// back transaction by transaction, and every refusal leaving file and journal as they were.
@Suite struct PortfolioUndoTests {
  private static let day = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

  private func store(_ directory: TemporaryDirectory, _ words: String = "") -> PortfolioStore {
    var store = PortfolioStore(url: directory.file("portfolio.json"))
    store.commandLine = words.split(separator: " ").map(String.init)
    return store
  }

  private func transaction(
    _ kind: TransactionKind, _ amount: String, day offset: Int = 0, wallet: String = "default"
  ) -> Transaction {
    Transaction(
      kind: kind, amount: Decimal(string: amount)!, price: 100,
      date: Self.day.addingTimeInterval(Double(offset) * 86_400), wallet: wallet)
  }

  private func bytes(_ url: URL) throws -> [UInt8] { try [UInt8](Data(contentsOf: url)) }

  @Test func theLastChangeOfThousandsOfTransactionsIsTakenBackByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try store(directory, "coins portfolio add btc 1").update {
      try $0.record(transaction(.buy, "1"), to: "bitcoin")
    }
    let before = try bytes(directory.file("portfolio.json"))
    try store(directory, "coins portfolio import big.csv").update { portfolio in
      // Appended as an import appends them (each checked on its own would take the debug
      // build seconds).
      portfolio.holdings[0].transactions += (0..<1_000).map {
        transaction(.buy, "0.\($0 + 1)", day: $0)
      }
      for coin in ["ethereum", "solana"] {
        portfolio.holdings.append(
          Holding(id: coin, transactions: (0..<1_000).map { transaction(.buy, "1", day: $0) }))
      }
    }
    try expectEqual(store(directory).history().entries.last?.added.count, 3_000)

    let outcome = try store(directory, "coins portfolio undo").undo(.last)

    expectEqual(outcome.undone.number, 2)
    #expect(outcome.restoredExactly)
    try expectEqual(bytes(directory.file("portfolio.json")), before)
    let entries = try store(directory).history().entries
    expectEqual(entries.map(\.summary).last, "took back change 2 (removed 3000 transactions)")
    expectEqual(entries.last?.undoes, 2)
  }

  @Test func undoWithNoArgumentWalksBackAndAnUndoTakenBackMakesItsChangeAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("portfolio.json")
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    let afterFirst = try bytes(url)
    try store(directory).update { try $0.record(transaction(.buy, "2"), to: "bitcoin") }
    let afterSecond = try bytes(url)
    try store(directory).update { try $0.record(transaction(.sell, "0.5", day: 1), to: "bitcoin") }

    try expectEqual(store(directory).undo(.last).undone.number, 3)  // change 4
    try expectEqual(store(directory).undo(.last).undone.number, 2)  // change 5
    try expectEqual(bytes(url), afterFirst)
    try expectEqual(store(directory).undo(.change(5)).undone.number, 5)  // change 6: 2 again
    try expectEqual(bytes(url), afterSecond)
    #expect(throws: JournalError.alreadyUndone(3, by: 4)) {
      try store(directory).undo(.change(3))
    }
    #expect(throws: JournalError.noSuchChange(9, last: 6)) {
      try store(directory).undo(.change(9))
    }
  }

  @Test func theLastChangeReadFromTheJournalsEndIsTheOneTheFileHolds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("portfolio.json")
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    let afterFirst = try bytes(url)
    try store(directory).update { try $0.record(transaction(.buy, "2"), to: "bitcoin") }
    let afterSecond = try bytes(url)
    try store(directory).update { try $0.record(transaction(.buy, "3"), to: "bitcoin") }
    // A crash between the journal and the file: change 3 journaled, the file still change 2's.
    try Data(afterSecond).write(to: url)

    let outcome = try store(directory).undo(.last)

    expectEqual(outcome.undone.number, 2)
    #expect(outcome.restoredExactly)
    try expectEqual(bytes(url), afterFirst)
    try expectEqual(store(directory).history().entries.map(\.number), [1, 2, 3])
  }

  @Test func anUndoOfTheLastChangeRecordsWhatItTookBackForAnUndoOfItLater() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    try store(directory).update { $0.holdings[0].transactions[0].amount = 3 }  // an edit
    #expect(try store(directory).undo(.last).restoredExactly)  // change 3
    try store(directory).update { try $0.record(transaction(.buy, "5"), to: "ethereum") }

    let outcome = try store(directory).undo(.change(3))  // the edit again, ethereum kept

    #expect(!outcome.restoredExactly)
    let portfolio = try store(directory).load()
    expectEqual(portfolio.holdings.map(\.id), ["bitcoin", "ethereum"])
    expectEqual(portfolio.holding(id: "bitcoin")?.transactions.map(\.amount), [3])
    #expect(
      try store(directory).history().entries.last?.summary
        == "took back change 3 (changed transaction 1)")
  }

  @Test func anEarlierChangeIsTakenBackAloneKeepingTheLaterOnes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    try store(directory).update { try $0.record(transaction(.buy, "5"), to: "ethereum") }
    try store(directory).update { try $0.record(transaction(.buy, "2", day: 2), to: "bitcoin") }

    let outcome = try store(directory).undo(.change(2))

    #expect(!outcome.restoredExactly)
    let portfolio = try store(directory).load()
    expectEqual(portfolio.holdings.map(\.id), ["bitcoin"])
    expectEqual(portfolio.holdings[0].transactions.map(\.id), ["1", "3"])
  }

  @Test func aRemovedTransactionComesBackWhereItWas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try store(directory).update { portfolio in
      for amount in ["1", "2", "3"] {
        try portfolio.record(transaction(.buy, amount), to: "bitcoin")
      }
    }
    try store(directory).update { portfolio in _ = try portfolio.undo("2") }
    try store(directory).update { try $0.record(transaction(.buy, "4"), to: "ethereum") }

    _ = try store(directory).undo(.change(2))

    let bitcoin = try store(directory).load().holding(id: "bitcoin")
    expectEqual(bitcoin?.transactions.map(\.id), ["1", "2", "3"])
    expectEqual(bitcoin?.transactions[1].amount, 2)
  }

  @Test func aChangeALaterOneTouchedIsRefusedNamingItWithNothingWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("portfolio.json")
    try store(directory, "coins portfolio add btc 1").update {
      try $0.record(transaction(.buy, "1"), to: "bitcoin")
    }
    try store(directory, "coins portfolio edit 1 --note cold").update { portfolio in
      portfolio.holdings[0].transactions[0].note = "cold"
    }
    try store(directory).update { try $0.record(transaction(.buy, "3"), to: "solana") }
    let file = try bytes(url)
    let journal = try bytes(store(directory).journal.url)

    #expect(
      throws: JournalError.laterChangeDepends(
        change: 1, on: 2, command: "coins portfolio edit 1 --note cold",
        reason: "it changes transaction 1 too")
    ) { try store(directory).undo(.change(1)) }

    try expectEqual(bytes(url), file)
    try expectEqual(bytes(store(directory).journal.url), journal)
  }

  @Test func aChangeWhoseCoinsALaterSaleTookIsRefusedNamingTheSale() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("portfolio.json")
    try store(directory).update { try $0.record(transaction(.buy, "0.5"), to: "bitcoin") }
    try store(directory).update { try $0.record(transaction(.buy, "0.2"), to: "bitcoin") }
    try store(directory).update {
      try $0.record(transaction(.sell, "0.6", day: 60), to: "bitcoin")
    }
    let file = try bytes(url)
    let journal = try bytes(store(directory).journal.url)

    let refusal = #expect(throws: JournalError.self) { try store(directory).undo(.change(1)) }
    #expect(
      refusal?.message
        == "Cannot take back change 1: transaction 3 would then take out more bitcoin than was "
        + "held on 2024-03-01 (recorded by change 3; take it back first). Nothing was changed.")
    try expectEqual(bytes(url), file)
    try expectEqual(bytes(store(directory).journal.url), journal)
  }

  @Test func aMoveLinkedLaterDependsOnTheTransferItLinks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    try store(directory).update {
      try $0.record(transaction(.transferOut, "1", day: 1), to: "bitcoin")
    }
    try store(directory).update {
      try $0.record(transaction(.transferIn, "1", day: 1, wallet: "kraken"), to: "bitcoin")
    }
    try store(directory, "coins portfolio transfer link 2 3").update { portfolio in
      portfolio.holdings[0].transactions[2].movedFrom = "2"
    }
    #expect(
      throws: JournalError.laterChangeDepends(
        change: 2, on: 4, command: "coins portfolio transfer link 2 3",
        reason: "it changes transaction 2 too")
    ) { try store(directory).undo(.change(2)) }
  }

  @Test func recordsBesideTheTransactionsComeBackToo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("portfolio.json")
    try store(directory).update { try $0.record(transaction(.buy, "1"), to: "bitcoin") }
    try store(directory).update { portfolio in
      // A member a later coins writes (this one keeps it as it is).
      portfolio.extra.append(KeptMember("reviewTags", .array([.string("1")])))
    }
    try store(directory).update { try $0.record(transaction(.buy, "2"), to: "ethereum") }
    try expectEqual(store(directory).history().entries[1].summary, "changed other records")

    _ = try store(directory).undo(.change(2))

    #expect(try store(directory).load().extra.isEmpty)
    try expectEqual(store(directory).load().holdings.count, 2)
    try expectEqual(String(contentsOf: url, encoding: .utf8).contains("reviewTags"), false)
  }
}
