import Testing

/// `main` is synchronous and nothing runs on the main actor (docs/architecture.md): the main
/// thread reads the command line, hands the command to the concurrency pool and waits for its
/// status (`CoinsCLI.main()`). Code isolated to the main actor would wait for a main thread
/// that never runs its queue, and an `await` at the top of `main.swift` would make `main`
/// async, whose end unwinds the main thread (~0.5 ms a run).
@Suite struct SynchronousMainTests {
  @Test func nothingUnderSourcesUsesTheMainActor() throws {
    let uses = try SourceTree.swiftFiles().flatMap { file in
      file.codeLines.enumerated()
        .filter { $0.element.contains("@MainActor") || $0.element.contains("MainActor.") }
        .map { "\(file.path):\($0.offset + 1): \($0.element)" }
    }
    #expect(uses == [], "main-actor code under Sources/:\n\(uses.joined(separator: "\n"))")
  }

  @Test func mainIsOneSynchronousCall() throws {
    let main = try #require(try SourceTree.swiftFiles().first { $0.path == "coins/main.swift" })
    #expect(!main.codeLines.contains { $0.contains("await") }, "main.swift awaits")
    #expect(main.codeLines.contains { $0.hasPrefix("CoinsCLI.main(") })
  }
}
