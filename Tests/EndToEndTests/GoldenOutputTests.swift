import CoinsTestSupport
import Foundation
import Testing

/// Every command's output (text, JSON, CSV, help, usage errors, offline fallbacks, watch ticks)
/// byte for byte as recorded in `Tests/Golden/expected`: one test case per case file, so a
/// failure names its case. The cases are recorded by `Tests/Golden/record.sh` one group at a
/// time (``GoldenRecorder``), the groups side by side.
@Suite struct GoldenOutputTests {
  @Test(arguments: try await GoldenCase.allWithTheLiveGroupStarted())
  func printsWhatWasRecorded(_ golden: GoldenCase) async throws {
    let expectedURL = GoldenCase.expectedDirectory.appendingPathComponent("\(golden.name).txt")
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    let recorded = try #require(
      try await GoldenRecorder.shared.output(of: golden),
      "record.sh wrote no \(golden.name).txt")
    guard recorded != expected else { return }
    Issue.record(
      """
      \(golden.name) differs from Tests/Golden/expected (after an intended change, re-record \
      with `Tests/Golden/record.sh .build/debug/coins Tests/Golden/expected`):
      \(try await GoldenCase.difference(expected: expectedURL, recorded: recorded))
      """)
  }

  /// Every case file is a case record.sh lists, once, and the other way round.
  @Test func everyExpectedFileIsACaseRecordShLists() async throws {
    let listed = try await GoldenCase.all().map(\.name)
    #expect(Set(listed).count == listed.count, "a case listed twice")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: GoldenCase.expectedDirectory.path
    ).filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
    expectEqual(Set(files), Set(listed))
  }
}
