import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct AtomicFileTests {
  @Test func writesAndReplacesWholeFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("data.json")
    try AtomicFile.write(Data("first, longer content".utf8), to: url)
    try AtomicFile.write(Data("second".utf8), to: url)
    try expectEqual(String(contentsOf: url, encoding: .utf8), "second")
    expectEqual(directory.contents(), ["data.json"])
  }

  @Test func appliesThePermissions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("private.json")
    try AtomicFile.write(Data("x".utf8), to: url, permissions: 0o600)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
  }

  @Test func missingFolderFailsWithThePath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("missing/data.json")
    #expect(
      throws: AtomicFile.WriteError(path: url.path, reason: "No such file or directory")
    ) {
      try AtomicFile.write(Data("x".utf8), to: url)
    }
    expectEqual(directory.contents(), [])
  }

  @Test func failedRenameLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("target")
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("occupied"), withIntermediateDirectories: true)
    #expect(throws: AtomicFile.WriteError.self) {
      try AtomicFile.write(Data("x".utf8), to: url)
    }
    expectEqual(directory.contents(), ["target"])
  }
}
