import CoinsTestSupport
import Foundation
import Testing

/// The tests' own way of starting processes: a child gets its three channels and nothing else,
/// and its exit (status or signal) is reported.
@Suite struct ChildProcessTests {
  @Test func aChildHoldsOnlyItsStandardChannelsWhateverTheTestHasOpen() async throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let open = (0..<4).map { _ in Pipe() }  // descriptors the test holds while it spawns
    let listing = scratch.file("fds")
    _ = FileManager.default.createFile(atPath: listing.path, contents: nil)
    let output = try FileHandle(forWritingTo: listing)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "ls /proc/$$/fd"],
      environment: nil, stdout: output)
    let exit = await child.exit(killingAfter: 30)
    try output.close()
    withExtendedLifetime(open) {}

    expectEqual(exit.status, 0)
    let text = try String(contentsOf: listing, encoding: .utf8)
    expectEqual(text.split(separator: "\n"), ["0", "1", "2"])
  }

  @Test func anExitStatusAndAKillingSignalAreReported() async throws {
    let exiting = try ChildProcess(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"], environment: nil)
    let sleeping = try ChildProcess(
      // Far longer than the wait before the kill can ever be: on a busy machine the killer has
      // been late by over 30 s, and a shorter sleep had ended by itself.
      executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["3600"], environment: nil)

    let exited = await exiting.exit(killingAfter: 30)
    let killed = await sleeping.exit(killingAfter: 0.2)

    #expect(exited.status == 3 && !exited.wasKilled)
    #expect(killed.status == SIGKILL && killed.wasKilled)
  }
}
