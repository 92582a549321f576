import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// `Portfolio.edit`: one transaction changed, a move's halves together, and every refusal
/// leaving the portfolio as it was.
@Suite struct TransactionEditTests {
  private static let day = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

  private func date(_ days: Int) -> Date { Self.day.addingTimeInterval(Double(days) * 86_400) }

  /// Buy 1 (0.5 at 40,000, day 0), buy 2 (0.2 at 50,000, day 31), sell 3 (0.6 at 60,000,
  /// day 60), a move 4 → 5 of 0.1 to kraken on day 61 (0.09 arrived).
  private func portfolio() throws -> Portfolio {
    var portfolio = Portfolio()
    try portfolio.record(
      Transaction(kind: .buy, amount: 0.5, price: 40_000, date: date(0)), to: "bitcoin")
    try portfolio.record(
      Transaction(kind: .buy, amount: 0.2, price: 50_000, date: date(31)), to: "bitcoin")
    try portfolio.record(
      Transaction(kind: .sell, amount: 0.6, price: 60_000, date: date(60)), to: "bitcoin")
    try portfolio.recordMove(
      of: "bitcoin", amount: Decimal(string: "0.1")!, fee: Decimal(string: "0.01")!,
      from: "default", to: "kraken", date: date(61), note: nil)
    return portfolio
  }

  @Test func changesOnlyTheFieldsGiven() throws {
    var portfolio = try portfolio()
    var edit = TransactionEdit()
    edit.price = 42_000
    edit.note = "first"
    let changes = try portfolio.edit("1", edit)
    expectEqual(changes.count, 1)
    let edited = try #require(portfolio.transaction(id: "1")?.transaction)
    expectEqual(edited.price, 42_000)
    expectEqual(edited.note, "first")
    expectEqual(edited.amount, 0.5)
    expectEqual(edited.date, date(0))
    expectEqual(portfolio.holdings[0].transactions.map(\.id), ["1", "2", "3", "4", "5"])
  }

  @Test func aTotalIsThePricePerCoinOfTheNewAmount() throws {
    var portfolio = try portfolio()
    var edit = TransactionEdit()
    edit.amount = 0.6
    edit.total = 27_000  // 27,000 ÷ 0.6 = 45,000 a coin
    _ = try portfolio.edit("1", edit)
    expectEqual(portfolio.transaction(id: "1")?.transaction.price, 45_000)
  }

  @Test func anEditThatWouldOverdrawIsRefusedNamingTheTransactionAndDate() throws {
    var portfolio = try portfolio()
    let before = portfolio
    var edit = TransactionEdit()
    edit.amount = 0.05  // 0.5 + 0.05 = 0.55 held when sale 3 takes 0.6
    #expect(
      throws: TransactionEditError.wouldOverdraw(
        transaction: "3", coin: "bitcoin", wallet: "default", date: date(60), held: 0.55)
    ) { try portfolio.edit("2", edit) }
    expectEqual(portfolio, before)
  }

  @Test func theDateOfAMoveChangesOnBothHalves() throws {
    var portfolio = try portfolio()
    var edit = TransactionEdit()
    edit.date = date(62)
    let changes = try portfolio.edit("5", edit)
    expectEqual(changes.map(\.after.id), ["5", "4"])
    expectEqual(portfolio.transaction(id: "4")?.transaction.date, date(62))
    expectEqual(portfolio.transaction(id: "5")?.transaction.date, date(62))
    #expect(portfolio.holdings[0].moves["4"] != nil)
  }

  @Test func anArrivalOfMoreThanLeftIsRefused() throws {
    var portfolio = try portfolio()
    let before = portfolio
    var edit = TransactionEdit()
    // 0.1 left default (0.01 of it the network's); 0.2 cannot arrive.
    edit.amount = Decimal(string: "0.2")!
    let refusal = #expect(throws: TransactionEditError.self) { try portfolio.edit("5", edit) }
    #expect(
      refusal?.message
        == "Cannot edit: transactions 4 and 5 would no longer be a move: no more arrives than "
        + "left. Nothing was changed.")
    expectEqual(portfolio, before)
  }

  @Test func aMoveIntoTheWalletItLeftStaysAMove() throws {
    // A withdrawal and a deposit in one wallet pair as a move (a rename, an exchange's own
    // round trip): editing the arrival's wallet to the one it left keeps the pair.
    var portfolio = try portfolio()
    var edit = TransactionEdit()
    edit.wallet = "default"
    _ = try portfolio.edit("5", edit)
    #expect(portfolio.holdings[0].moves["4"] != nil)
  }

  @Test func optionsThatDoNotApplyAreRefused() throws {
    var portfolio = try portfolio()
    var price = TransactionEdit()
    price.price = 1
    #expect(
      throws: TransactionEditError.notApplicable(
        option: "--price", transaction: "4", kind: .transferOut,
        why: "coins moved out have no price")
    ) { try portfolio.edit("4", price) }
    var income = TransactionEdit()
    income.isIncome = true
    #expect(
      throws: TransactionEditError.notApplicable(
        option: "--income", transaction: "1", kind: .buy,
        why: "only coins that came in from outside can be income")
    ) { try portfolio.edit("1", income) }
    #expect(throws: TransactionEditError.noSuchTransaction("99")) {
      try portfolio.edit("99", price)
    }
  }

  @Test func anotherCoinTakesTheTransaction() throws {
    var portfolio = Portfolio()
    try portfolio.record(Transaction(kind: .buy, amount: 2, price: 10, date: date(0)), to: "solana")
    var edit = TransactionEdit()
    edit.coin = "ethereum"
    _ = try portfolio.edit("1", edit)
    expectEqual(portfolio.holdings.map(\.id), ["ethereum"])
    expectEqual(portfolio.transaction(id: "1")?.coin, "ethereum")
  }
}
