import Foundation

/// The package's `Sources/` folder, read as text: which target each file belongs to, what it
/// imports and how long it is.
struct SourceTree {
  /// One Swift file under `Sources/`.
  struct File {
    /// The path below `Sources/`, e.g. `CoinsModel/Market/Coin.swift`.
    var path: String
    /// The target: the first folder of ``path``.
    var target: String
    /// The whole text.
    var text: String

    /// The modules named by `import` lines that Linux compiles (attributes such as `@testable`
    /// ignored): `#else import Foundation` under `#if canImport(FoundationEssentials)` is
    /// macOS's.
    var imports: [String] {
      lines(compiledFor: .linux).compactMap { line in
        let words = line.text.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard words.count >= 2, words[0] == "import" else { return nil }
        return String(words[1])
      }
    }

    /// Every line with its `//` comment (doc comments included) cut off; a `//` inside a
    /// string literal cuts it too, which errs on the side of seeing less.
    var codeLines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard let comment = line.range(of: "//") else { return String(line) }
        return String(line[..<comment.lowerBound])
      }
    }

    /// The number of lines.
    var lineCount: Int {
      text.split(separator: "\n", omittingEmptySubsequences: false).count
        - (text.hasSuffix("\n") ? 1 : 0)
    }
  }

  /// `Sources/`, found from this file's place in the repository.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every Swift file under `Sources/`, sorted by path.
  static func swiftFiles() throws -> [File] {
    try files(endingIn: [".swift"])
  }

  /// Every file under `Sources/` whose name ends in one of `suffixes`, sorted by path.
  static func files(endingIn suffixes: [String]) throws -> [File] {
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: root.path) else { return [] }
    var files: [File] = []
    for case let path as String in enumerator where suffixes.contains(where: path.hasSuffix) {
      let text = try String(
        contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      let target = String(path.split(separator: "/").first ?? "")
      files.append(File(path: path, target: target, text: text))
    }
    return files.sorted { $0.path < $1.path }
  }
}
