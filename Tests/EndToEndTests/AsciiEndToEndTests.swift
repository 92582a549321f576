import Foundation
import Testing

/// `--ascii` views through the built binary: every byte they print is printable ASCII (or a
/// newline), for terminals and fonts without Unicode — separators, arrows, ellipses, currency
/// signs and the coins' own names included.
@Suite(.spawnsProcesses) struct AsciiEndToEndTests {
  private static func nonASCII(_ text: String) -> String {
    String(text.unicodeScalars.filter { !(0x20...0x7E).contains($0.value) && $0 != "\n" })
  }

  @Test func everyAsciiViewPrintsOnlyPrintableASCII() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    try await expectEqual(
      coins.run(["portfolio", "add", "btc", "0.5", "--cost", "40000"]).status, 0)
    try await expectEqual(coins.run(["portfolio", "add", "eth", "2", "--cost", "2000"]).status, 0)

    let views: [[String]] = [
      ["top", "5", "--ascii"],
      ["top", "5", "--ascii", "--currency", "eur"],
      ["chart", "btc", "--range", "30d", "--ascii"],
      ["chart", "btc", "--range", "30d", "--candles", "--ascii"],
      ["info", "eth", "--currency", "eur", "--ascii"],
      ["portfolio", "value", "--ascii", "--currency", "eur"],
      ["portfolio", "chart", "--range", "30d", "--ascii"],
    ]
    for view in views {
      let result = try await coins.run(view)
      #expect(result.status == 0, "\(view): \(result.stderr)")
      #expect(result.stdout.split(separator: "\n").count > 3, "\(view): \(result.stdout)")
      #expect(Self.nonASCII(result.stdout) == "", "\(view):\n\(result.stdout)")
    }
    // Euro amounts say their code instead of the sign.
    let value = try await coins.run(["portfolio", "value", "--ascii", "--currency", "eur"])
    #expect(value.stdout.contains("EUR "))
    // Without --ascii the same view keeps its Unicode.
    let unicode = try await coins.run(["portfolio", "value", "--currency", "eur"])
    #expect(unicode.stdout.contains("€"))
  }

  /// Names from the network with accents, emoji and control characters fold too.
  @Test func hostileNamesFoldToASCII() async throws {
    let fake = try await FakeCoinGecko.start(mode: "evil")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let result = try await coins.run(["top", "10", "--ascii"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.nonASCII(result.stdout) == "", "\(result.stdout)")
  }
}
