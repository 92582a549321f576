import Foundation
import Testing

/// Every table at 40, 60, 80, 120 and 200 columns, through the built binary: the column that
/// says which row is which (the symbol, the id, the wallet) is whole in every row, and no
/// column is cut to `…` alone — a table gives up columns in the order docs/ states for it
/// instead (the name before the symbol, the wallet under its row, the long titles short).
@Suite(.spawnsProcesses) struct TableWidthEndToEndTests {
  static let widths = [40, 60, 80, 120, 200]

  /// Two wallets with long names beside the default one, a sale, income, a long note and an
  /// alert: every column each table can have.
  static let setUp = [
    [
      "portfolio", "add", "btc", "0.5", "--cost", "42000", "--date", "2024-01-01", "--wallet",
      "coinbase-savings",
    ],
    [
      "portfolio", "add", "eth", "2", "--cost", "2500", "--date", "2024-02-01", "--wallet",
      "ledger-nano-x", "--note", "bought after the merge, to hold for years",
    ],
    ["portfolio", "add", "sol", "10", "--cost", "100", "--date", "2024-03-01"],
    [
      "portfolio", "sell", "btc", "0.1", "--price", "60000", "--date", "2024-08-01", "--wallet",
      "coinbase-savings",
    ],
    [
      "portfolio", "transfer", "in", "eth", "0.05", "--income", "--cost", "3000", "--date",
      "2025-04-01", "--wallet", "ledger-nano-x", "--note", "staking",
    ],
    ["alert", "add", "btc", "above", "40000", "--note", "take some profit before the halving"],
  ]

  /// Each table's command and the identifiers its rows show, top to bottom (worked out from
  /// the set-up above; the market's from the fake's own JSON answers).
  static let portfolioTables: [(command: [String], identifiers: [String])] = [
    // By value: BTC 0.4 × 50,000 = 20,000; SOL 10 × 150 = 1,500; ETH 2.05 × 3,000 = 6,150.
    (["portfolio", "value"], ["BTC", "ETH", "SOL", "Total"]),
    (["portfolio", "list"], ["BTC", "ETH", "SOL"]),
    (["portfolio", "history"], ["BTC", "ETH", "SOL", "BTC", "ETH"]),
    (["portfolio", "gains"], ["BTC"]),
    (["portfolio", "gains", "--lots"], ["BTC"]),
    (["portfolio", "income"], ["ETH"]),
    (["portfolio", "wallets"], ["coinbase-savings", "default", "ledger-nano-x", "Total"]),
    (["alert", "list"], ["BTC"]),
  ]

  /// The market's tables and the JSON member their identifying column shows.
  static let marketTables: [(command: [String], member: String, uppercased: Bool)] = [
    (["top", "5"], "symbol", true),
    (["search", "bit"], "id", false),
    (["trending"], "symbol", true),
    (["categories", "5"], "id", false),
  ]

  @Test func portfolioTablesKeepTheirIdentifyingColumnWholeAtEveryWidth() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["TZ"] = "UTC"
    for command in Self.setUp {
      let result = try await coins.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    for (command, identifiers) in Self.portfolioTables {
      for width in Self.widths {
        coins.environment["COLUMNS"] = String(width)
        let result = try await coins.run(command)
        #expect(result.status == 0, "\(command) at \(width): \(result.stderr)")
        Self.check(result.stdoutLines, identifiers: identifiers, command: command, width: width)
      }
    }
  }

  @Test func marketTablesKeepTheirIdentifyingColumnWholeAtEveryWidth() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for (command, member, uppercased) in Self.marketTables {
      let json = try await coins.run(command + ["--json"])
      let identifiers = try Self.members(member, in: json.stdout).map {
        uppercased ? $0.uppercased() : $0
      }
      #expect(identifiers.count >= 3, "\(command) --json: \(json.stdout.prefix(300))")
      for width in Self.widths {
        coins.environment["COLUMNS"] = String(width)
        let result = try await coins.run(command)
        #expect(result.status == 0, "\(command) at \(width): \(result.stderr)")
        Self.check(result.stdoutLines, identifiers: identifiers, command: command, width: width)
      }
    }
  }

  /// Each identifier is a whole word of a line, in order; no cell is `…` alone; and each line
  /// that shows an identifier fits in the width.
  static func check(_ lines: [String], identifiers: [String], command: [String], width: Int) {
    let place = "coins \(command.joined(separator: " ")) at \(width) columns"
    let shown = lines.joined(separator: "\n")
    var next = 0
    for identifier in identifiers {
      let found = lines.indices.dropFirst(next).first { words(lines[$0]).contains(identifier) }
      guard let found else {
        Issue.record("\(place): no row shows \(identifier) whole after line \(next):\n\(shown)")
        return
      }
      #expect(
        lines[found].count <= width,
        "\(place): the row of \(identifier) is \(lines[found].count) wide:\n\(shown)")
      next = found + 1
    }
    // A cell of `…` alone stands between column gaps (two spaces or more) or at an edge; a
    // cut note may end `before the …`.
    #expect(
      !lines.contains { $0.contains(/(^|  )…(  |$)/) }, "\(place): a column cut to …:\n\(shown)")
  }

  private static func words(_ line: String) -> [String] {
    line.split(separator: " ").map(String.init)
  }

  /// The values of `member` in a JSON answer's array of objects, in order.
  static func members(_ member: String, in json: String) throws -> [String] {
    let pattern = try Regex<(Substring, Substring)>("\"\(member)\":\"([^\"]*)\"")
    return json.matches(of: pattern).map { String($0.output.1) }
  }
}
