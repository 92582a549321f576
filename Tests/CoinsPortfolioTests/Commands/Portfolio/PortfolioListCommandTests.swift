import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioListCommandTests {
  @Test func anAbsentFileIsAnEmptyPortfolio() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "list"), 0)
    #expect(
      world.stdout.text
        == "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n")
    expectEqual(world.directory.contents(), [])
  }

  @Test func listsTheFileWithoutTheNetwork() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(
      #"{"version": 1, "holdings": [{"id": "bitcoin", "lots": [{"amount": "0.5", "cost": "42000", "date": "2026-11-29T14:00:00Z"}]}]}"#
    )
    await expectEqual(world.run("portfolio", "list"), 0)
    #expect(
      world.stdout.text == """
        Portfolio \(world.portfolioURL.path): 1 holding
        Coin     Name  Amount  Lots
        bitcoin           0.5  1 lot
          lot             0.5  2026-11-29  cost $42,000.00

        """)
    await expectEqual(world.run("portfolio", "list", "--json"), 0)
    #expect(
      world.stdout.text.hasSuffix(
        #"{"file":"\#(world.portfolioURL.path)","holdings":[{"id":"bitcoin","amount":0.5,"lots":"#
          + #"[{"amount":0.5,"cost":42000,"costCurrency":null,"date":"2026-11-29T14:00:00.000Z"}]}]}"#
          + "\n"))
    expectEqual(world.fake.requests, [])
  }

  @Test func fileOptionWinsOverTheEnvironment() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    let other = try world.directory.write(#"{"version": 1, "holdings": []}"#, to: "other.json")
    await expectEqual(world.run("portfolio", "list", "--json", "--file", other.path), 0)
    expectEqual(world.stdout.text, #"{"file":"\#(other.path)","holdings":[]}"# + "\n")
  }

  @Test func aCorruptFileExitsWithDataError() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio("not json")
    await expectEqual(world.run("portfolio", "list"), 65)
    #expect(
      world.stderr.text
        == "Error: The portfolio file \(world.portfolioURL.path) cannot be read: not valid JSON: "
        + "unexpected 'o' at line 1, column 2. It was left unchanged; fix it by hand.\n")
    expectEqual(world.stdout.text, "")
  }
}
