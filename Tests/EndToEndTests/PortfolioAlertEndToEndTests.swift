import Foundation
import Testing

/// The portfolio's alert checks the total `portfolio value` shows, through the built binary:
/// a held coin without a price is left out of it and named, and the rule is still checked.
@Suite(.spawnsProcesses) struct PortfolioAlertEndToEndTests {
  @Test func aCoinWithoutAPriceIsNamedAndTheRestIsChecked() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/data/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    {"version": 1, "holdings": [
      {"id": "bitcoin", "lots": [{"amount": "0.5", "cost": "40000", "date": "2026-01-01T00:00:00Z"}]},
      {"id": "mystery-coin", "lots": [{"amount": "1000", "cost": "1.9", "date": "2026-01-01T00:00:00Z"}]}]}
    """.write(toFile: folder + "/portfolio.json", atomically: true, encoding: .utf8)
    let add = try await coins.run(["alert", "add", "portfolio", "below", "30000"])
    #expect(add.status == 0, "\(add.stderr)")

    let check = try await coins.run(["alert", "check", "--max-age", "0"])

    // The fake's bitcoin is $50,000: 0.5 × 50,000 = $25,000, below $30,000; the mystery coin
    // has no price and is left out, as `portfolio value` leaves it out.
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdoutLines.first?.hasPrefix("Portfolio below $30,000.00: now $25,000.00 (") == true)
    #expect(
      check.stderr
        == "Warning: alert 1 (Portfolio) was checked without mystery-coin: CoinGecko's answer "
        + "has no price for it, so it is left out of the total, as portfolio value leaves it "
        + "out.\n")
  }
}
