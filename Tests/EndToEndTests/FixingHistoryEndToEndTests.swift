import Foundation
import Testing

/// Issue 45's "done when", through the built binary as a user goes: a history imported while
/// the price sources were out of reach has unknown costs; `check` lists them (exit 1); `edit`
/// gives a price the user knows, `reprice` values what the fake price sources have, `check
/// --accept` accepts what no source has; `check` then finds nothing open (exit 0).
@Suite(.spawnsProcesses) struct FixingHistoryEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  /// coins' own CSV: a buy in 2010 (no source has that day), a buy on 2021-05-01, a buy on
  /// 2021-05-04 and a sale on 2021-06-01, none with a price.
  static let history = """
    date,type,coin,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom
    2010-01-01T00:00:00Z,buy,bitcoin,1,,usd,,,,,,
    2021-05-01T10:00:00Z,buy,bitcoin,0.5,,usd,,,,,,
    2021-05-04T10:00:00Z,buy,bitcoin,0.2,,usd,,,,,,
    2021-06-01T00:00:00Z,sell,bitcoin,0.1,,usd,,,,,,

    """

  @Test func anImportedHistoryWithUnknownCostsIsFixedUntilCheckIsClean() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let csv = coins.home.path + "/history.csv"
    try Self.history.write(toFile: csv, atomically: true, encoding: .utf8)
    let file = coins.home.path + "/p.json"

    // Imported with every price source out of reach: the four prices stay unknown.
    var offline = coins
    offline.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    for variable in ["COINS_COINBASE_BASE_URL", "COINS_BINANCE_BASE_URL", "COINS_ECB_BASE_URL"] {
      offline.environment[variable] = "http://127.0.0.1:9"
    }
    let imported = try await offline.run(["portfolio", "import", csv, "--file", file])
    #expect(imported.status == 0, "\(imported.stderr)")

    let open = try await coins.run(["portfolio", "check", "--file", file])
    expectEqual(open.status, 1)
    #expect(
      open.stdoutLines == [
        "transaction 1: buy of 1 BTC in default on 2010-01-01 has no cost — coins "
          + "portfolio edit 1 --price <price>",
        "transaction 2: buy of 0.5 BTC in default on 2021-05-01 has no cost — coins "
          + "portfolio edit 2 --price <price>",
        "transaction 3: buy of 0.2 BTC in default on 2021-05-04 has no cost — coins "
          + "portfolio edit 3 --price <price>",
        "transaction 4: sale of 0.1 BTC from default on 2021-06-01 has no proceeds — coins "
          + "portfolio edit 4 --price <price>",
        "4 open. Fix each with the command shown, or accept one as it is with coins portfolio "
          + "check --accept <transaction> --reason \"…\".", "",
      ])

    // A price the user knows.
    let edited = try await coins.run([
      "portfolio", "edit", "3", "--price", "50000", "--file", file,
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(
      edited.stdoutLines.prefix(2) == [
        "Edited transaction 3, a buy of BTC:", "  price: none → $50,000.00",
      ])

    // The fake Coinbase's BTC-USD opens: 55,247.02 on 2021-05-01, 51,654.44 on 2021-06-01;
    // no source has 2010-01-01.
    let repriced = try await coins.run(["portfolio", "reprice", "--unknown", "--file", file])
    #expect(repriced.status == 0, "\(repriced.stderr)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      text.contains(
        #"{"id": "2", "type": "buy", "amount": "0.5", "price": "55247.02", "currency": "usd", "#),
      "\(text)")
    #expect(text.contains(#""price": "51654.44", "currency": "usd", "#), "\(text)")
    #expect(text.contains(#"{"id": "3", "type": "buy", "amount": "0.2", "price": "50000", "#))

    let left = try await coins.run(["portfolio", "check", "--file", file])
    expectEqual(left.status, 1)
    #expect(
      left.stdoutLines.first
        == "transaction 1: buy of 1 BTC in default on 2010-01-01 has no cost — coins "
        + "portfolio edit 1 --price <price>")
    #expect(left.stdoutLines.count == 3, "\(left.stdout)")

    let accepted = try await coins.run([
      "portfolio", "check", "--accept", "1", "--reason", "mined in 2010, no market that day",
      "--file", file,
    ])
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let clean = try await coins.run(["portfolio", "check", "--file", file])
    #expect(clean.status == 0, "\(clean.stdout)")
    expectEqual(clean.stdout, "Nothing open: no figure is incomplete or assumed.\n")
  }
}
