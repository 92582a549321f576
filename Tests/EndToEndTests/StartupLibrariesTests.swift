import Foundation
import Testing

/// What the built `coins` loads (issue 17), read from the dynamic loader's own report
/// (`LD_DEBUG=files`): the Swift runtime, FoundationEssentials and the C++ library are linked in,
/// Foundation, ICU and networking libraries are never loaded, and libcurl only when a request is
/// made.
@Suite(.spawnsProcesses) struct StartupLibrariesTests {
  /// The shared objects a run loaded (`file=<name> [0];  generating link map` lines), by name.
  private func loadedObjects(_ stderr: String) -> Set<String> {
    Set(
      stderr.split(separator: "\n").compactMap { line -> String? in
        guard line.contains("generating link map"),
          let start = line.range(of: "file="),
          let end = line.range(of: " [", range: start.upperBound..<line.endIndex)
        else { return nil }
        return String(line[start.upperBound..<end.lowerBound])
      })
  }

  /// Whether `objects` has one whose file name starts with `prefix`.
  private func loads(_ objects: Set<String>, _ prefix: String) -> Bool {
    objects.contains { ($0.split(separator: "/").last ?? "").hasPrefix(prefix) }
  }

  @Test func aCommandAnsweredFromTheCacheLoadsOnlySystemLibraries() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let trace = ["LD_DEBUG": "files"]

    let version = try await coins.run(["--version"], extraEnvironment: trace)
    expectEqual(version.status, 0)
    #expect(
      loadedObjects(version.stderr) == ["libm.so.6", "libc.so.6"],
      "coins --version loaded: \(loadedObjects(version.stderr).sorted())")

    // The first run fetches (and opens libcurl); the second is answered from the cache.
    let cold = try await coins.run(["top", "3"], extraEnvironment: trace)
    expectEqual(cold.status, 0)
    #expect(loads(loadedObjects(cold.stderr), "libcurl"))
    let warm = try await coins.run(["top", "3"], extraEnvironment: trace)
    expectEqual(warm.status, 0)
    try await expectEqual(fake.marketRequests().count, 1)
    let objects = loadedObjects(warm.stderr)
    for heavy in [
      "libcurl", "libFoundation", "lib_FoundationICU", "libicu", "libswiftCore", "libdispatch",
      "libssl", "libcrypto",
    ] {
      #expect(!loads(objects, heavy), "a fresh-cache top 3 loaded \(heavy): \(objects.sorted())")
    }
  }
}
