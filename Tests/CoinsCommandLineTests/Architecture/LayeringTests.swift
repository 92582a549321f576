import CoinsUnitTestSupport
import Testing

/// The target graph points one way (docs/architecture.md, "The layers"): no file imports a
/// target above its own, and every target is on the map.
@Suite struct LayeringTests {
  /// Each target and the targets it may import; nothing else of ours.
  static let allowedImports: [String: Set<String>] = [
    "CoinsSupport": [],
    // The domain alone: no JSON, TOML, threads or trace (CoinsSupport), nothing of ours.
    "CoinsModel": [],
    "CoinsHTTP": ["CoinsSupport"],
    "CoinGeckoAPI": ["CoinsSupport", "CoinsModel", "CoinsHTTP"],
    // HTTP, never CoinGecko: the transport answers any client of CoinsHTTP.
    "CoinsCurlTransport": ["CoinsSupport", "CoinsHTTP", "CCurlShim"],
    "CCurlShim": [],
    "CoinsImport": ["CoinsModel"],
    "CoinsServices": ["CoinsSupport", "CoinsModel", "CoinGeckoAPI"],
    "CoinsPriceSources": [
      "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsServices",
    ],
    "CoinsPresentation": ["CoinsSupport", "CoinsModel"],
    "CoinsTerminal": [],
    // The watch's screen: it shows HomeModel's valuation and values nothing itself.
    "CoinsWatch": ["CoinsModel", "CoinsServices", "CoinsPresentation", "CoinsTerminal"],
    "CoinsCommandLine": [
      "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsImport", "CoinsServices",
      "CoinsPriceSources", "CoinsPresentation", "CoinsTerminal", "CoinsWatch",
    ],
    "coins": ["CoinsCommandLine", "CoinsCurlTransport"],
  ]

  /// Targets written in C, which have no Swift files to find them by.
  static let cTargets: Set<String> = ["CCurlShim"]

  @Test func everyTargetIsOnTheMap() throws {
    let targets = Set(try SourceTree.swiftFiles().map(\.target)).union(Self.cTargets)
    expectEqual(targets, Set(Self.allowedImports.keys))
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

  /// Nothing above the transport knows which transport it is: no file outside
  /// `CoinsCurlTransport` (the executable, which wires it in, apart) names its types, and only
  /// the transport's target links the C shim (the map above).
  @Test func onlyTheExecutableKnowsTheTransport() throws {
    let names = ["CurlTransport", "CurlTransfer", "CurlFailure", "LibCurl", "coins_curl_"]
    let knowing = try SourceTree.swiftFiles().filter { file in
      !["CoinsCurlTransport", "coins"].contains(file.target)
        && file.codeLines.contains { line in names.contains { line.contains($0) } }
    }.map(\.path)
    #expect(knowing == [], "files that know the transport:\n\(knowing.joined(separator: "\n"))")
  }

  /// Every target builds on `FoundationEssentials`: importing `Foundation` (ICU and some 30
  /// more shared objects at every start) or `FoundationNetworking` anywhere would load them into
  /// every run of `coins` (issue 17).
  @Test func noTargetImportsWholeFoundation() throws {
    let heavy = try SourceTree.swiftFiles().filter { file in
      file.imports.contains {
        ["Foundation", "FoundationNetworking", "FoundationXML"].contains($0)
      }
    }.map(\.path)
    #expect(heavy == [], "import Foundation under Sources/:\n\(heavy.joined(separator: "\n"))")
  }
}
