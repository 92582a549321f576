import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `coins portfolio import` says when it cannot go on: the `--map` command to copy is the
/// user's own command line, whole and shell-quoted; a file it cannot open says why, in the
/// system's terms. Through the built binary.
@Suite(.spawnsProcesses) struct ImportMessageEndToEndTests {
  /// A Kraken ledger of two tickers no coin is (deposits, so no price is asked).
  static let ledger = """
    "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
    "L1","D1","2024-01-02 10:00:00","deposit","","currency","QQXZ",1,0,1
    "L2","D2","2024-01-03 10:00:00","deposit","","currency","ZZQW",2,0,2

    """

  /// Every option given comes back in the line (a wallet and a path with a space quoted), the
  /// `--map`s to fill in at the end; run by the shell as printed, the placeholders filled in,
  /// it does what the user asked (here a dry run into the wallet 'my kraken').
  @Test func theMapLineRepeatsTheWholeCommandAndRunsAsPrinted() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = coins.home.path + "/ledger.csv"
    try Self.ledger.write(toFile: source, atomically: true, encoding: .utf8)
    let portfolio = coins.home.path + "/my portfolio.json"

    let refused = try await coins.run([
      "portfolio", "import", source, "--format", "kraken", "--wallet", "My Kraken",
      "--timezone", "Europe/Berlin", "--map", "xbt=bitcoin", "--file", portfolio, "--dry-run",
    ])
    expectEqual(refused.status, 65)
    let line =
      "coins portfolio import \(source) --format kraken --wallet 'my kraken' --timezone "
      + "Europe/Berlin --map XBT=bitcoin --file '\(portfolio)' --dry-run "
      + "--map QQXZ=<CoinGecko id> --map ZZQW=<CoinGecko id>"
    #expect(
      refused.stderr
        == """
        Error: \(source): no coin for 2 tickers:
          QQXZ (line 2): no coin comes close
          ZZQW (line 3): no coin comes close
        Say which coins they are:
          \(line)
        Nothing was imported.

        """)

    // The line as a user copies it, the ids written in for the placeholders.
    var copied = line.replacingOccurrences(of: "QQXZ=<CoinGecko id>", with: "QQXZ=dogecoin")
    copied = copied.replacingOccurrences(of: "ZZQW=<CoinGecko id>", with: "ZZQW=litecoin")
    copied = "'\(CoinsBinary.executableURL.path)'" + copied.dropFirst("coins".count)
    let rerun = try await coins.run(
      ["-c", copied], executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(rerun.stdout.contains("Coins: QQXZ → dogecoin (--map); ZZQW → litecoin (--map).\n"))
    #expect(
      rerun.stdout.hasSuffix(
        "Dry run: 2 transactions would be imported into the wallet 'my kraken'; nothing was "
          + "written.\n"))
    #expect(!FileManager.default.fileExists(atPath: portfolio))
  }

  /// A file the user may not read. As a normal user a file of mode 000 is one; root reads it
  /// anyway, so as root the same command runs as `nobody` through setpriv(1) (util-linux).
  @Test(
    .enabled(
      if: geteuid() != 0 || RequiredTool.isAvailable("/usr/bin/setpriv"),
      "as root, needs setpriv(1) to run as nobody"))
  func aFileThatMayNotBeReadSaysPermissionDenied() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let source = coins.home.path + "/locked.csv"
    try Self.ledger.write(toFile: source, atomically: true, encoding: .utf8)
    expectEqual(chmod(source, 0), 0)
    let portfolio = coins.home.path + "/p.json"
    let arguments = ["portfolio", "import", source, "--file", portfolio]
    let result =
      geteuid() == 0
      ? try await coins.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", CoinsBinary.executableURL.path]
          + arguments, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
      : try await coins.run(arguments)
    expectEqual(result.status, 65)
    #expect(
      result.stderr
        == "Error: Cannot read \(source): Permission denied. Nothing was imported.\n")
    #expect(!FileManager.default.fileExists(atPath: portfolio))
  }

  /// A path through a file, as if it were a folder, is not "No such file" (the file is there):
  /// the system's ENOTDIR, in words (root or not).
  @Test func aPathThroughAFileSaysSo() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/ledger.csv"
    try Self.ledger.write(toFile: file, atomically: true, encoding: .utf8)
    let portfolio = coins.home.path + "/p.json"
    let result = try await coins.run([
      "portfolio", "import", file + "/2024.csv", "--file", portfolio,
    ])
    expectEqual(result.status, 65)
    #expect(
      result.stderr
        == "Error: Cannot read \(file)/2024.csv: a part of its path is a file, not a folder. "
        + "Nothing was imported.\n")
    #expect(!FileManager.default.fileExists(atPath: portfolio))
  }
}
