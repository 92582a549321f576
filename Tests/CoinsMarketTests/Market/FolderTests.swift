import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct FolderTests {
  @Test func makesMissingParentsAndLeavesExistingFoldersAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let nested = directory.url.appendingPathComponent("a/b/c")
    try Folder.create(nested)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: nested.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    // Made again, and a parent that exists with other permissions keeps them.
    let parent = directory.url.appendingPathComponent("a")
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: parent.path)
    try Folder.create(nested)
    try Folder.create(directory.url.appendingPathComponent("a/d"))
    let attributes = try FileManager.default.attributesOfItem(atPath: parent.path)
    expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    expectEqual(directory.contents(), ["a"])
  }

  @Test func aFileInTheWayIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.url.appendingPathComponent("plain")
    try Data("x".utf8).write(to: file)
    #expect(throws: Folder.CreateError(path: file.path, reason: "it exists and is not a folder")) {
      try Folder.create(file)
    }
    let below = file.appendingPathComponent("below")
    #expect(throws: Folder.CreateError(path: below.path, reason: "Not a directory")) {
      try Folder.create(below)
    }
  }
}
