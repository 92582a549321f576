import Foundation
import Testing

/// `coins portfolio edit` under the UK's and Germany's rules (given and from the config file),
/// and `--coin` on a move: both halves go to the new coin, or the edit is refused with nothing
/// written.
@Suite(.spawnsProcesses) struct EditByRulesEndToEndTests {
  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func theGainsBeforeAndAfterByTheUKAndGermanRules() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let british = coins.home.path + "/uk.json"
    try ExplainByRulesEndToEndTests.british.write(
      toFile: british, atomically: true, encoding: .utf8)
    // The 30-day match was 0.5 × £18,000 = £9,000 of the £52,451.67 allowable costs; at
    // £19,000 it is £9,500, so the gain £35,048.33 falls by £500 to £34,548.33.
    let uk = try await coins.run([
      "portfolio", "edit", "5", "--price", "19000", "--currency", "gbp", "--rules", "uk",
      "--file", british,
    ])
    #expect(uk.status == 0, "\(uk.stderr)")
    #expect(
      uk.stdoutLines == [
        "Edited transaction 5, a buy of BTC:", "  price: £18,000.00 → £19,000.00",
        "2024/25: BTC gain £35,048.33 → £34,548.33 (1 disposal; UK rules (HMRC share matching))",
        "",
      ])

    // The config file's rules apply without --rules.
    var configured = coins
    configured.environment["XDG_CONFIG_HOME"] = coins.home.path + "/config"
    let folder = coins.home.path + "/config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[tax]\nrules = \"de\"\n".write(
      toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    let german = coins.home.path + "/de.json"
    try ExplainByRulesEndToEndTests.german.write(
      toFile: german, atomically: true, encoding: .utf8)
    // Only the taxable half coin of buy 3 counts in the § 23 result: 0.5 × (41,000 − 40,000)
    // more cost, so €9,990.00 → €9,490.00; the tax-free lot is not in it.
    let de = try await configured.run([
      "portfolio", "edit", "3", "--price", "41000", "--currency", "eur", "--file", german,
    ])
    #expect(de.status == 0, "\(de.stderr)")
    #expect(
      de.stdoutLines == [
        "Edited transaction 3, a buy of BTC:", "  price: €40,000.00 → €41,000.00",
        "2024: BTC gain €9,990.00 → €9,490.00 (1 sale; German rules (§ 23 EStG), scope wallet)",
        "",
      ])
    let before = try bytes(german)
    let refused = try await coins.run([
      "portfolio", "edit", "3", "--price", "42000", "--rules", "uk", "--scope", "wallet",
      "--file", german,
    ])
    expectEqual(refused.status, 64)
    #expect(
      refused.stderr.components(separatedBy: "\n").first
        == "Error: --scope wallet cannot be used with --rules uk: HMRC pools each coin once per "
        + "person (one section 104 pool across every wallet)")
    try expectEqual(bytes(german), before)
  }

  /// 1 BTC bought on coinbase, 2 ETH too; 0.5 "BTC" moved to kraken (transactions 3 and 4)
  /// that was in fact ETH.
  static let move = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "40000", "currency": "usd", "wallet": "coinbase", "date": "2024-01-10T12:00:00.000Z"},
    {"id": "3", "type": "out", "amount": "0.5", "wallet": "coinbase", "date": "2024-02-01T12:00:00.000Z"},
    {"id": "4", "type": "in", "amount": "0.5", "wallet": "kraken", "movedFrom": "3", "date": "2024-02-01T12:00:00.000Z"}
    ]}, {"id": "ethereum", "transactions": [
    {"id": "2", "type": "buy", "amount": "2", "price": "2000", "currency": "usd", "wallet": "coinbase", "date": "2024-01-11T12:00:00.000Z"}
    ]}]}

    """

  @Test func aMovesCoinChangesOnBothHalvesOrIsRefused() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    try Self.move.write(toFile: file, atomically: true, encoding: .utf8)
    let original = try bytes(file)

    // Solana: coinbase holds none, so its half leaving would overdraw the wallet.
    let refused = try await coins.run([
      "portfolio", "edit", "3", "--coin", "solana", "--file", file,
    ])
    expectEqual(refused.status, 1)
    #expect(
      refused.stderr
        == "Error: Cannot edit: transaction 3 on 2024-02-01 would then take out more solana "
        + "than wallet coinbase holds (0). Nothing was changed.\n")
    try expectEqual(bytes(file), original)

    let edited = try await coins.run(["portfolio", "edit", "3", "--coin", "eth", "--file", file])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(
      edited.stdoutLines == [
        "Edited transaction 3, a transfer out of ETH:", "  coin: BTC → ETH",
        "and transaction 4, a transfer in of ETH:", "  coin: BTC → ETH", "",
      ])
    // The move is ETH's now, both halves.
    let history = try await coins.run(["portfolio", "history", "--csv", "--file", file])
    #expect(
      history.stdoutLines.filter { $0.hasPrefix("3,") || $0.hasPrefix("4,") } == [
        "3,2024-02-01T12:00:00.000Z,out,ethereum,0.5,,usd,,usd,,,coinbase,,",
        "4,2024-02-01T12:00:00.000Z,in,ethereum,0.5,,usd,,usd,,,kraken,3,",
      ], "\(history.stdout)")
    let undo = try await coins.run(["portfolio", "undo", "--file", file])
    #expect(undo.status == 0, "\(undo.stderr)")
    try expectEqual(bytes(file), original)
  }
}
