import Foundation
import Testing

/// `config.toml` through the built binary: defaults from the file, flags over them, a broken
/// file refused with exit 78 while help and `coins config` still work, NO_COLOR and API keys.
@Suite(.spawnsProcesses) struct ConfigEndToEndTests {
  private func write(_ text: String, in coins: CoinsBinary, mode: Int = 0o600) throws -> String {
    let folder = coins.home.path + "/config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/config.toml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  private func binary(_ baseURL: String) throws -> CoinsBinary {
    var coins = try CoinsBinary(baseURL: baseURL)
    coins.environment["XDG_CONFIG_HOME"] = coins.home.path + "/config"
    return coins
  }

  @Test func theFilesDefaultsApplyAndFlagsBeatThem() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try binary(fake.baseURL)
    defer { coins.cleanUp() }
    _ = try write("currency = \"eur\"\n\n[top]\ncount = 2\nsort = \"name\"\n", in: coins)

    let fromFile = try await coins.run(["top", "--csv"])
    let flags = try await coins.run(["top", "1", "--csv", "--currency", "usd", "--sort", "rank"])
    let show = try await coins.run(["config", "show"])

    // The top 2 by market cap, by name: Bitcoin, Ethereum; in euros 50,000 × 0.9 = 45,000.
    #expect(
      fromFile.stdoutLines.dropFirst().map {
        $0.split(separator: ",").prefix(5).joined(separator: ",")
      } == [
        "1,bitcoin,btc,Bitcoin,45000", "2,ethereum,eth,Ethereum,2700", "",
      ])
    expectEqual(
      flags.stdoutLines.dropFirst().first?.hasPrefix("1,bitcoin,btc,Bitcoin,50000,"), true)
    expectEqual(show.status, 0)
    #expect(
      show.stdoutLines.contains(
        "currency                    eur                                  config, line 1"))
    #expect(
      show.stdoutLines.contains(
        "top.sort                    name                                 config, line 5"))
    #expect(
      show.stdoutLines.contains(
        "timeout                     10                                   default"))
  }

  @Test func aBrokenFileIsExit78ButHelpAndConfigStillWork() async throws {
    let coins = try binary(refusedPortURL())
    defer { coins.cleanUp() }
    let path = try write("currency = \"eur\"\ntimeout = fast\n", in: coins)

    let top = try await coins.run(["top"])
    let help = try await coins.run(["top", "--help"])
    let configPath = try await coins.run(["config", "path"])
    let show = try await coins.run(["config", "show"])

    expectEqual(top.status, 78)
    expectEqual(top.stdout, "")
    #expect(
      top.stderr
        == "Error: \(path), line 2, column 11: Expected a value: a \"string\", a number, true or "
        + "false (strings need quotes).\n")
    expectEqual(help.status, 0)
    expectEqual(configPath.stdout, path + "\n")
    expectEqual(show.status, 0)
    expectEqual(show.stdoutLines.first, "Config file: \(path) (ignored: it has an error)")
    #expect(
      show.stdoutLines.contains(
        "currency                    usd                                  default"))
    #expect(show.stderr.hasSuffix("The file is ignored.\n"))
  }

  @Test func aCurrencyCoinGeckoRefusesNamesTheFilesLineNotABareHTTPError() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try binary(fake.baseURL)
    defer { coins.cleanUp() }
    let path = try write("# mine\n\ncurrency = \"xyz\"\n", in: coins)

    let top = try await coins.run(["top", "5"])
    let price = try await coins.run(["price", "btc"])
    let typed = try await coins.run(["top", "5", "--currency", "xyz"])

    let expected =
      "Error: currency \"xyz\" in \(path) line 3 is not a currency CoinGecko knows: set one it "
      + "prices in, such as usd, eur or btc.\n"
    expectEqual(top.status, 78)
    expectEqual(top.stdout, "")
    expectEqual(top.stderr, expected)
    expectEqual(price.status, 78)
    expectEqual(price.stderr, expected)
    // Typed on the command line, the currency is the command line's mistake, not the file's.
    expectEqual(typed.status, 1)
    expectEqual(typed.stderr, "Error: CoinGecko answered HTTP 400: invalid vs_currency.\n")
  }

  @Test func unknownKeysWarnAndAColorInTheFileBeatsNoColor() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try binary(fake.baseURL)
    defer { coins.cleanUp() }
    let path = try write("color = \"always\"\ncurency = \"eur\"\n", in: coins)

    let colored = try await coins.run(["top", "2"], extraEnvironment: ["NO_COLOR": "1"])
    try FileManager.default.removeItem(atPath: path)
    let plain = try await coins.run(["top", "2"], extraEnvironment: ["NO_COLOR": "1"])

    expectEqual(colored.status, 0)
    #expect(colored.stdout.contains("\u{1B}["))
    #expect(
      colored.stderr
        == "Warning: \(path), line 2: unknown key 'curency' is ignored. Did you mean 'currency'?\n")
    #expect(!plain.stdout.contains("\u{1B}["))
  }

  @Test func anAPIKeyFromTheFileIsSentUnlessTheEnvironmentHasOne() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try binary(fake.baseURL)
    defer { coins.cleanUp() }
    let path = try write("demo_api_key = \"file-key\"\n", in: coins, mode: 0o644)

    let fromFile = try await coins.run(["price", "btc", "--max-age", "0"])
    let fromEnvironment = try await coins.run(
      ["price", "btc", "--max-age", "0"], extraEnvironment: ["COINGECKO_DEMO_API_KEY": "env-key"])

    expectEqual(fromFile.status, 0)
    #expect(
      fromFile.stderr
        == "Warning: \(path) holds an API key and others can read it: run chmod 600 \(path).\n")
    #expect(!(fromFile.stdout + fromFile.stderr).contains("file-key"))
    expectEqual(fromEnvironment.status, 0)
    let keys = try await fake.requests().map { $0.headers["x-cg-demo-api-key"] }
    expectEqual(keys, ["file-key", "env-key"])
  }
}
