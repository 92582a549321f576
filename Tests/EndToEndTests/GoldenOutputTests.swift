import CoinsTestSupport
import Foundation
import Testing

/// Every command's output (text, JSON, CSV, help, usage errors, offline fallbacks, watch ticks)
/// byte for byte as recorded in `Tests/Golden/expected`, through `Tests/Golden/check.sh`.
@Suite(.spawnsProcesses) struct GoldenOutputTests {
  /// `Tests/Golden`, found from this file's place in the repository.
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  @Test func everyCommandPrintsWhatWasRecorded() async throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let outputURL = home.file("check-output")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/bin/bash"),
      arguments: [
        Self.goldenDirectory.appendingPathComponent("check.sh").path,
        CoinsBinary.executableURL.path,
      ],
      environment: nil, stdout: output, stderr: output)
    let exit = await child.exit(killingAfter: 300)
    try output.close()
    let report = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    #expect(exit.status == 0, "Tests/Golden/check.sh reported a difference:\n\(report)")
  }
}
