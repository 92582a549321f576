import Testing

/// Files stay small and single-purpose: none under `Sources/` is over 300 lines.
@Suite struct SourceFileSizeTests {
  static let maximumLines = 300

  @Test func noSourceFileIsOverTheLimit() throws {
    let long = try SourceTree.swiftFiles().filter { $0.lineCount > Self.maximumLines }
      .map { "\($0.path): \($0.lineCount) lines" }
    #expect(long == [], "over \(Self.maximumLines) lines:\n\(long.joined(separator: "\n"))")
  }
}
