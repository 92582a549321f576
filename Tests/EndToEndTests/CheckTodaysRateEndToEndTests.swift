import Foundation
import Testing

/// `coins portfolio check` lists a price converted at today's rate (no rate of its day was
/// had), with the edit that fixes it; fixed, nothing is open.
@Suite(.spawnsProcesses) struct CheckTodaysRateEndToEndTests {
  @Test func aCostConvertedAtTodaysRateIsOpenUntilGivenInTheCurrency() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    // 500 days back: beyond CoinGecko's year of daily prices, and no ECB (its port refused).
    let day = TransactionEndToEndTests.day(500)
    let added = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "9000", "--currency", "eur", "--date", day,
    ])
    #expect(added.status == 0, "\(added.stderr)")

    let open = try await coins.run(["portfolio", "check"])
    expectEqual(open.status, 1)
    #expect(
      open.stdoutLines.first
        == "transaction 1: buy of 1 BTC on \(day) is converted from EUR to USD at today's "
        + "rate (no rate for its day) — coins portfolio edit 1 --price <price> --currency usd")
    #expect(open.stdoutLines.count == 3, "\(open.stdout)")
    // In euros there is nothing to convert.
    let inEuros = try await coins.run(["portfolio", "check", "--currency", "eur"])
    #expect(inEuros.status == 0, "\(inEuros.stdout)")

    let edited = try await coins.run([
      "portfolio", "edit", "1", "--price", "10000", "--currency", "usd",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    let clean = try await coins.run(["portfolio", "check"])
    #expect(clean.status == 0, "\(clean.stdout)")
    expectEqual(clean.stdout, "Nothing open: no figure is incomplete or assumed.\n")
  }
}
