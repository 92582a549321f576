import Foundation
import Testing

/// The suite reaches what it tests through `package` access: a `@testable import` would need
/// the libraries built again with `-enable-testing`, so that the unit tests no longer ran the
/// libraries the installed binary is built from (docs/testing.md).
@Suite struct TestAccessTests {
  @Test func noTestImportsAModuleForTesting() throws {
    let tests = SourceTree.root.deletingLastPathComponent().appendingPathComponent("Tests")
    let enumerator = try #require(FileManager.default.enumerator(atPath: tests.path))
    var testable: [String] = []
    for case let path as String in enumerator where path.hasSuffix(".swift") {
      let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("@testable ") {
        testable.append("\(path): \(line)")
      }
    }
    #expect(testable == [], "\(testable.joined(separator: "\n"))")
  }
}
