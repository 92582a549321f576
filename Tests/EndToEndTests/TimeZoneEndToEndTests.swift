import Foundation
import Testing

/// Times shown in the user's zone (`TZ`), marked with it, through the built binary; `--utc`
/// and the config file's `utc = true` ask for UTC; JSON stays ISO 8601 UTC.
@Suite(.spawnsProcesses) struct TimeZoneEndToEndTests {
  /// The bundled sample was recorded 2026-11-29 12:00:00 UTC: 21:00 in Tokyo.
  @Test func theSamplesTimeIsShownInTokyoTimeUnlessUTCIsAsked() async throws {
    var coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    coins.environment["TZ"] = "Asia/Tokyo"
    coins.environment["XDG_CONFIG_HOME"] = coins.home.path + "/config"

    let local = try await coins.run(["top", "2"])
    let utc = try await coins.run(["top", "2", "--utc"])
    let json = try await coins.run(["top", "2", "--json"])
    let folder = coins.home.path + "/config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "utc = true\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    let fromFile = try await coins.run(["top", "2"])

    expectEqual(local.status, 0)
    #expect(
      local.stdoutLines[0]
        == "Top 2 coins by market cap in USD · SAMPLE DATA from 2026-11-29 21:00:00 JST, not "
        + "live prices")
    #expect(
      local.stderr.hasSuffix(
        "Showing the SAMPLE data bundled with coins, recorded 2026-11-29 21:00:00 JST, not live "
          + "prices.\n"))
    #expect(utc.stdoutLines[0].contains("SAMPLE DATA from 2026-11-29 12:00:00 UTC"))
    #expect(fromFile.stdoutLines[0].contains("SAMPLE DATA from 2026-11-29 12:00:00 UTC"))
    // Machine output never changes zone.
    #expect(json.stdout.hasPrefix(#"{"source":"sample","asOf":"2026-11-29T12:00:00.000Z""#))
  }

  /// An alert's moment in Kolkata (UTC+5:30), to the minute, marked IST.
  @Test func aFiredAlertSaysItsLocalTime() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["TZ"] = "Asia/Kolkata"
    _ = try await coins.run(["alert", "add", "btc", "above", "40000"])

    let checked = try await coins.run(["alert", "check"])
    let list = try await coins.run(["alert", "list"])
    let listUTC = try await coins.run(["alert", "list", "--utc"])

    expectEqual(checked.status, 0)
    #expect(checked.stdout.hasPrefix("BTC above $40,000.00: now $50,000.00 ("))
    #expect(checked.stdout.hasSuffix(" IST)\n"))
    #expect(list.stdoutLines[1].contains(" IST  "))
    #expect(listUTC.stdoutLines[1].contains(" UTC  "))
    // The same moment: the UTC minute plus 5 h 30 min.
    let minutes = { (line: String) -> Int? in
      guard let match = line.firstMatch(of: #/fired \d{4}-\d\d-\d\d (\d\d):(\d\d) /#),
        let hours = Int(match.output.1), let minutes = Int(match.output.2)
      else { return nil }
      return hours * 60 + minutes
    }
    let local = minutes(list.stdoutLines[1])
    let utc = minutes(listUTC.stdoutLines[1])
    #expect(local != nil && utc != nil, "\(list.stdout) / \(listUTC.stdout)")
    if let local, let utc { #expect((local - utc + 1440) % 1440 == 330) }
  }
}
