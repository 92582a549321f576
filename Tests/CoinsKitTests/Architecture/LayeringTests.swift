import Testing

/// The target graph points one way (README, "How it is built"): no file imports a target above
/// its own, and every target is on the map.
@Suite struct LayeringTests {
  /// Each target and the targets it may import; nothing else of ours.
  static let allowedImports: [String: Set<String>] = [
    "CoinsModel": [],
    "CoinGeckoAPI": ["CoinsModel", "CCurlShim"],
    "CCurlShim": [],
    "CoinsServices": ["CoinsModel", "CoinGeckoAPI"],
    "CoinsPresentation": ["CoinsModel"],
    "CoinsTerminal": [],
    "CoinsCommandLine": [
      "CoinsModel", "CoinGeckoAPI", "CoinsServices", "CoinsPresentation", "CoinsTerminal",
    ],
    "coins": ["CoinsCommandLine"],
  ]

  /// Targets written in C, which have no Swift files to find them by.
  static let cTargets: Set<String> = ["CCurlShim"]

  @Test func everyTargetIsOnTheMap() throws {
    let targets = Set(try SourceTree.swiftFiles().map(\.target)).union(Self.cTargets)
    #expect(targets == Set(Self.allowedImports.keys))
  }

  @Test func noFileImportsATargetAboveItsOwn() throws {
    let ours = Set(Self.allowedImports.keys)
    var upward: [String] = []
    for file in try SourceTree.swiftFiles() {
      let allowed = Self.allowedImports[file.target] ?? []
      for module in file.imports where ours.contains(module) && !allowed.contains(module) {
        upward.append("\(file.path) imports \(module)")
      }
    }
    #expect(upward == [], "imports against the layering:\n\(upward.joined(separator: "\n"))")
  }

  /// The pure layers build on `FoundationEssentials`; whole Foundation only where `Decimal`
  /// arithmetic needs it (rounding, `NSDecimalNumber`).
  static let foundationAllowed: Set<String> = [
    "CoinsModel/Portfolio/DecimalInput.swift", "CoinsModel/Portfolio/PortfolioValuation.swift",
  ]

  @Test func theModelAndPresentationImportOnlyFoundationEssentials() throws {
    let pure: Set<String> = ["CoinsModel", "CoinsPresentation"]
    let heavy = try SourceTree.swiftFiles().filter {
      pure.contains($0.target) && $0.imports.contains("Foundation")
        && !Self.foundationAllowed.contains($0.path)
    }.map(\.path)
    #expect(heavy == [], "import Foundation in a pure layer:\n\(heavy.joined(separator: "\n"))")
  }
}
