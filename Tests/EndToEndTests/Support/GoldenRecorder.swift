import CoinsTestSupport
import Foundation
import Testing

/// One golden case: the group `Tests/Golden/record.sh` records it in and its name (its file in
/// `Tests/Golden/expected`).
struct GoldenCase: Sendable, CustomTestStringConvertible {
  /// `live`, `help`, `offline` or `cached`.
  var group: String
  var name: String

  var testDescription: String { "\(name) (\(group))" }

  /// `Tests/Golden`, found from this file's place in the repository.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")
  static let expectedDirectory = directory.appendingPathComponent("expected")

  /// What record.sh is asked to record for this case: its whole group when the group's cases
  /// follow one another in one HOME (`live`, `help`), else this case alone.
  var recording: [String] { group == "offline" || group == "cached" ? [group, name] : [group] }

  /// Every case, with the live group's recording started at once (``GoldenRecorder``): the
  /// cases the suite runs.
  static func allWithTheLiveGroupStarted() async throws -> [GoldenCase] {
    let cases = try await all()
    await GoldenRecorder.shared.startTheLiveGroup()
    return cases
  }

  /// Every case, as `record.sh --list` prints them.
  static func all() async throws -> [GoldenCase] {
    let output = try await GoldenRecorder.script(["--list"], environment: nil)
    return output.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard words.count == 2 else { return nil }
      return GoldenCase(group: String(words[0]), name: String(words[1]))
    }
  }

  /// `diff -u` of the expected file and what was recorded.
  static func difference(expected: URL, recorded: String) async throws -> String {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let file = scratch.file("recorded.txt")
    try Data(recorded.utf8).write(to: file)
    let output = scratch.file("diff")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/diff"),
      arguments: ["-u", expected.path, file.path], environment: nil, stdout: handle)
    _ = await child.exit(killingAfter: 30)
    try handle.close()
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }
}

/// Records the golden cases with the built `coins`, each group once however many of its cases
/// ask (a `cached` case waits for the `live` group, whose HOME it reads), holding a slot of
/// ``ProcessSlots`` while record.sh runs.
actor GoldenRecorder {
  static let shared = GoldenRecorder()

  /// Where the groups are recorded, removed when the test process exits.
  private static let scratch: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-golden-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit {
      try? FileManager.default.removeItem(at: GoldenRecorder.scratch)
    }
    return url
  }()

  /// The live group's HOME once it is recorded, for the cached cases.
  private static var liveHome: URL { scratch.appendingPathComponent("home-live") }

  private var recordings: [String: Task<[String: String], Error>] = [:]

  /// The recorded file of `golden`, normalised as record.sh does; `nil` when it wrote none.
  func output(of golden: GoldenCase) async throws -> String? {
    if golden.group == "cached" { _ = try await recorded(["live"]) }
    return try await recorded(golden.recording)[golden.name]
  }

  /// Starts recording the live group now: the suite's longest chain (its cases one after
  /// another, then the cached cases that read its HOME), which would otherwise wait behind the
  /// rest of the suite for a process slot and finish last, alone.
  func startTheLiveGroup() {
    _ = recording(["live"])
  }

  /// The case files `recording` gives, by case name: recorded once.
  private func recorded(_ recording: [String]) async throws -> [String: String] {
    try await self.recording(recording).value
  }

  /// The one recording of `recording`, started on first asking.
  private func recording(_ recording: [String]) -> Task<[String: String], Error> {
    let key = recording.joined(separator: "-")
    if let task = recordings[key] { return task }
    let task = Task {
      try await Self.record(recording, into: Self.scratch.appendingPathComponent(key))
    }
    recordings[key] = task
    return task
  }

  private static func record(_ recording: [String], into folder: URL) async throws
    -> [String: String]
  {
    try FileManager.default.createDirectory(at: liveHome, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["GOLDEN_LIVE_HOME"] = liveHome.path
    let arguments = [CoinsBinary.executableURL.path, folder.path] + recording
    try await ProcessSlots.shared.run { [environment] in
      _ = try await script(arguments, environment: environment)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    var files: [String: String] = [:]
    for name in names where name.hasSuffix(".txt") {
      files[String(name.dropLast(4))] = try String(
        contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    try? FileManager.default.removeItem(at: folder)
    return files
  }

  /// Runs `record.sh` with `arguments` and returns what it printed; throws with it when it
  /// fails.
  static func script(_ arguments: [String], environment: [String: String]?) async throws
    -> String
  {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outputURL = scratch.file("output")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/bin/bash"),
      arguments: [GoldenCase.directory.appendingPathComponent("record.sh").path] + arguments,
      environment: environment, stdout: output, stderr: output)
    let exit = await child.exit(killingAfter: 300)
    try output.close()
    let text = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    guard exit.status == 0 else {
      throw RecordingFailed(
        description: "record.sh \(arguments.joined(separator: " ")) "
          + "exited with \(exit.status):\n\(text)")
    }
    return text
  }

  struct RecordingFailed: Error, CustomStringConvertible {
    var description: String
  }
}
