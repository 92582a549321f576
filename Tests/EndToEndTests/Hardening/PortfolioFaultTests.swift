import Foundation
import Testing

/// The portfolio file under real faults: concurrent writers, writers killed mid-write, a folder
/// that cannot be written, a full disk, hand edits.
@Suite(.spawnsProcesses) struct HardeningPortfolioFaultTests {
  @Test func concurrentWritersAndReadersNeverSeeATornFileAndLoseNothing() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "5"])  // warm the cache so the adds need no network
    _ = try await coins.run(["portfolio", "add", "sol", "1"])

    let runs = try await withThrowingTaskGroup(of: (String, CoinsBinary.Result).self) { group in
      for index in 1...10 {
        let amount = "0.\(String(format: "%02d", index))"
        // The run is bound to a local before the tuple is made: Swift 6.3.1 with -O can drop
        // the first element of a tuple literal that holds `try await` (issue 27).
        let runs: [(String, [String])] = [
          ("add btc", ["portfolio", "add", "btc", amount]),
          ("add eth", ["portfolio", "add", "eth", amount]),
          ("list", ["portfolio", "list", "--json"]),
          ("remove", ["portfolio", "remove", "sol", "0.01"]),
        ]
        for (name, arguments) in runs {
          group.addTask {
            let result = try await coins.run(arguments)
            return (name, result)
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    for (name, result) in runs {
      #expect(result.status == 0, "\(name): \(result.stderr)")
      if name == "list" {
        #expect(throws: Never.self, "a reader saw a torn file: \(result.stdout)") {
          try JSONDecoder().decode(ListDocument.self, from: Data(result.stdout.utf8))
        }
      }
    }
    let holdings = try await Self.holdings(coins)
    expectEqual(holdings["bitcoin"], Decimal(string: "0.55"))  // 0.01 + … + 0.10
    expectEqual(holdings["ethereum"], Decimal(string: "0.55"))
    expectEqual(holdings["solana"], Decimal(string: "0.9"))
  }

  @Test func writerKilledAtRandomPointsLeavesTheOldOrTheNewFile() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "5"])
    _ = try await coins.run(["portfolio", "add", "btc", "0.01"])
    var generator = HardeningRandom(seed: 0xC0115)
    var lots = 1
    var killedMidRun = 0

    for iteration in 1...40 {
      let writer = try RunningCoins(binary: coins, arguments: ["portfolio", "add", "btc", "0.01"])
      try await Task.sleep(nanoseconds: UInt64(generator.next() % 81) * 1_000_000)
      if writer.child.isRunning { killedMidRun += 1 }
      writer.child.send(SIGKILL)
      _ = await writer.child.exit()

      let list = try await coins.run(["portfolio", "list", "--json"])
      #expect(list.status == 0, "iteration \(iteration): \(list.stderr)")
      let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
      let now = document.holdings.first?.lots.count ?? 0
      #expect(now == lots || now == lots + 1, "iteration \(iteration): \(lots) lots became \(now)")
      expectEqual(document.holdings.first?.amount, Decimal(now) / 100)
      lots = now
    }
    #expect(killedMidRun > 0)  // at least some kills hit a running writer
    let add = try await coins.run(["portfolio", "add", "btc", "0.01"])  // the lock is free again
    expectEqual(add.status, 0)
  }

  @Test(
    .enabled(
      if: getuid() != 0 || HardeningMount.isAllowed,
      "root ignores chmod: the read-only folder needs a tmpfs, which this machine cannot mount"))
  func folderThatCannotBeWrittenGivesAnErrorAndLosesNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/locked"
    let file = folder + "/portfolio.json"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(HardeningPortfolio.threeCoins.utf8).write(to: URL(fileURLWithPath: file))
    _ = try await coins.run(["portfolio", "list", "--file", file])
    let before = try Data(contentsOf: URL(fileURLWithPath: file))

    // chmod does not stop root: then the folder is a read-only file system.
    try await HardeningMount.whileReadOnly(folder, keeping: file) {
      let result = try await coins.run(
        ["portfolio", "add", "--id", "bitcoin", "1", "--file", file])

      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: The portfolio file "), "\(result.stderr)")
      try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)
      let list = try await coins.run(["portfolio", "list", "--json", "--file", file])
      expectEqual(list.status, 0)
    }
  }

  @Test func parentThatIsARegularFileGivesAnError() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let blocker = coins.home.path + "/not-a-folder"
    try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: blocker))

    let result = try await coins.run(
      ["portfolio", "add", "--id", "bitcoin", "1", "--file", blocker + "/portfolio.json"])

    // The path cannot be read (65) nor written (1): either is documented, a crash is not.
    #expect([1, 65].contains(result.status), "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: The portfolio file "), "\(result.stderr)")
    try expectEqual(String(contentsOfFile: blocker, encoding: .utf8), "keep me\n")
  }

  @Test(.enabled(if: HardeningMount.isAllowed, "this machine cannot mount a tmpfs"))
  func fullDiskGivesAnErrorAndLosesNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/tiny"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let mount = try await HardeningMount.tmpfs(at: folder, sizeKB: 16)
    let file = folder + "/portfolio.json"
    let outcome = await Result(awaiting: {
      try Data(HardeningPortfolio.threeCoins.utf8).write(to: URL(fileURLWithPath: file))
      let before = try Data(contentsOf: URL(fileURLWithPath: file))
      try HardeningMount.fill(folder)

      let result = try await coins.run(
        ["portfolio", "add", "--id", "bitcoin", "1", "--file", file])

      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: The portfolio file \(file) could not be written: "))
      #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
      try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.contains(".tmp.") }
      #expect(leftovers.isEmpty, "temp files left behind: \(leftovers)")
    })
    await mount.unmount()
    try outcome.get()
  }

  @Test func fileSizeLimitGivesAnErrorAndLosesNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/portfolio.json"
    let lots = (1...40).map { "{\"amount\": \"0.\($0)\", \"note\": \"lot number \($0)\"}" }
    let text =
      "{\"version\": 1, \"holdings\": [{\"id\": \"bitcoin\", \"lots\": [\(lots.joined(separator: ", "))]}]}"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))

    // A real write failure for any user: RLIMIT_FSIZE with SIGXFSZ ignored makes write(2)
    // fail with EFBIG once the file passes 1 KB.
    let command =
      "ulimit -f 2; trap '' XFSZ; exec \"$0\" portfolio add --id bitcoin 1 --file \"$1\""
    let result = try await coins.run(
      ["-c", command, CoinsBinary.executableURL.path, file],
      executable: URL(fileURLWithPath: "/bin/sh"))

    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: The portfolio file \(file) could not be written: "))
    try expectEqual(String(contentsOfFile: file, encoding: .utf8), text)
    let list = try await coins.run(["portfolio", "list", "--json", "--file", file])
    expectEqual(list.status, 0)
  }

  @Test func handEditsSurviveEveryKindOfRewrite() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let edited = """
      {"version": 1, "owner": {"name": "Zoë 🚀", "tags": ["cold", 1e400, null, true]},
       "holdings": [
        {"id": "bitcoin", "note": "hardware wallet", "lots": [
          {"amount": "0.1", "date": "2025-01-01T00:00:00Z", "exchange": "kraken", "fee": 0.10000000000000000001}]},
        {"id": "ethereum", "lots": [{"amount": "3", "tx": "0xabc"}], "staked": false}]}
      """
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))

    for arguments in [
      ["portfolio", "add", "btc", "0.2"], ["portfolio", "remove", "eth", "1"],
      ["portfolio", "add", "eth", "1", "--cost", "3000"],
    ] {
      let result = try await coins.run(arguments + ["--file", file])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    let text = try String(contentsOfFile: file, encoding: .utf8)
    for fragment in [
      "\"name\": \"Zoë 🚀\"", "1e400", "\"note\": \"hardware wallet\"", "\"exchange\": \"kraken\"",
      "0.10000000000000000001", "\"tx\": \"0xabc\"", "\"staked\": false",
    ] {
      #expect(text.contains(fragment), "lost \(fragment) in \(text)")
    }
    let holdings = try await Self.holdings(coins, file: file)
    expectEqual(holdings, ["bitcoin": Decimal(string: "0.3"), "ethereum": Decimal(3)])
  }

  /// Amount per coin id, from `coins portfolio list --json`.
  private static func holdings(_ coins: CoinsBinary, file: String? = nil) async throws
    -> [String: Decimal]
  {
    let list = try await coins.run(
      ["portfolio", "list", "--json"] + (file.map { ["--file", $0] } ?? []))
    let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
    return Dictionary(document.holdings.map { ($0.id, $0.amount) }) { first, _ in first }
  }
}

/// A small seeded generator (SplitMix64), so a failing run can be repeated.
struct HardeningRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A tiny tmpfs mounted for one test (root only, where the sandbox allows mounting).
struct HardeningMount {
  let path: String

  /// Whether this machine lets the tests mount a tmpfs (root, and a sandbox that allows it);
  /// the tests that need one are skipped, visibly, where it does not.
  static let isAllowed: Bool = {
    guard getuid() == 0 else { return false }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-mount-probe-\(UUID().uuidString)").path
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder,
        withIntermediateDirectories: true)) != nil
    else { return false }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard runNow("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", folder]) == 0 else {
      return false
    }
    return runNow("/bin/umount", [folder]) == 0
  }()

  /// Mounts a `sizeKB` tmpfs at `path`.
  static func tmpfs(at path: String, sizeKB: Int) async throws -> HardeningMount {
    let status = try await run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKB)k,mode=0700", "tmpfs", path])
    #expect(status == 0, "mount of a tmpfs at \(path)")
    return HardeningMount(path: path)
  }

  /// Makes the mount read-only.
  func remountReadOnly() async throws {
    let status = try await Self.run("/bin/mount", ["-o", "remount,ro", path])
    expectEqual(status, 0)
  }

  func unmount() async {
    _ = try? await Self.run("/bin/umount", ["-l", path])
  }

  /// Runs `body` while `folder` cannot be written: a read-only tmpfs holding a copy of `file`
  /// for root (whom chmod does not stop), mode 0500 for anyone else.
  static func whileReadOnly(
    _ folder: String, keeping file: String, _ body: () async throws -> Void
  ) async throws {
    let contents = try Data(contentsOf: URL(fileURLWithPath: file))
    if getuid() != 0 {
      chmod(folder, 0o500)
      let outcome = await Result(awaiting: { try await body() })
      chmod(folder, 0o700)
      return try outcome.get()
    }
    let mount = try await tmpfs(at: folder, sizeKB: 64)
    let outcome = await Result(awaiting: {
      try contents.write(to: URL(fileURLWithPath: file))
      try await mount.remountReadOnly()
      try await body()
    })
    await mount.unmount()
    try outcome.get()
  }

  /// Writes filler into `folder` until the file system is full.
  static func fill(_ folder: String) throws {
    let fd = open(folder + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    defer { close(fd) }
    let block = [UInt8](repeating: 0x41, count: 512)
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    expectEqual(errno, ENOSPC)
  }

  private static func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: tool), arguments: arguments, environment: nil)
    return await child.exit(killingAfter: 60).status
  }

  /// For the probe only, which runs once while the test plan is built, not inside a test.
  private static func runNow(_ tool: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
