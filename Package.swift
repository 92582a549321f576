// swift-tools-version:6.0
import PackageDescription

// Layers the compiler checks: every target depends only on the ones listed under it
// (README, "How it is built"; Tests/CoinsCommandLineTests/Architecture checks the imports too).
/// The folder this manifest is in (the linker flags below need absolute paths).
let packageFolder = String(#filePath.dropLast("/Package.swift".count))

/// The Swift runtime and FoundationEssentials linked into the binary (with what
/// FoundationEssentials' static library needs besides the runtime): it starts faster (no symbol
/// lookups in a dozen shared libraries) and runs without the toolchain installed.
/// Benchmarks/Package.swift links its like-for-like hello the same way: keep the two in step.
let staticRuntime: [LinkerSetting] = [
  .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux])),
  // The C++ library and the unwinder the runtime is written against, linked in too
  // (`Linking/static-libstdc++/libstdc++.so` is a linker script naming libstdc++.a): loading
  // libstdc++.so.6 and libgcc_s.so.1 took ~0.7 ms of every run.
  .unsafeFlags(
    ["-L\(packageFolder)/Linking/static-libstdc++", "-Xclang-linker", "-static-libgcc"],
    .when(platforms: [.linux])),
  // The Swift runtime's link flags export every symbol of the executable; nothing looks ours up
  // by name, and each lookup libcurl's thirty-odd libraries make when loaded starts there.
  .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
  .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
  .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
  .linkedLibrary("swiftSynchronization", .when(platforms: [.linux])),
]

let package = Package(
  name: "coins",
  // Mutex and Atomic (Synchronization) need macOS 15. macOS builds from the same source but is
  // not tested by CI (docs/architecture.md, "Platforms").
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "coins", targets: ["coins"]),
    // The libraries, for the benchmarks' own package (Benchmarks/Package.swift).
    .library(name: "CoinsModel", targets: ["CoinsModel"]),
    .library(name: "CoinGeckoAPI", targets: ["CoinGeckoAPI"]),
    .library(name: "CoinsCurlTransport", targets: ["CoinsCurlTransport"]),
    .library(name: "CoinsServices", targets: ["CoinsServices"]),
    .library(name: "CoinsPresentation", targets: ["CoinsPresentation"]),
    .library(name: "CoinsTestSupport", targets: ["CoinsTestSupport"]),
  ],
  targets: [
    // What every layer may use and no domain rule needs: JSON and TOML reading and writing,
    // threads (Parallel, DetachedThread, LetGo), the start-up trace.
    .target(name: "CoinsSupport"),
    // The domain alone: coins, snapshots, the portfolio, its ledgers and valuation, text, time.
    .target(name: "CoinsModel"),
    // HTTP behind a one-method protocol: HTTPTransport, its request, answer and TransportError,
    // and LazyTransport. What the CoinGecko client and the transport that answers it share.
    .target(name: "CoinsHTTP", dependencies: ["CoinsSupport"]),
    // CoinGecko over a transport protocol: client, endpoints, DTOs and their mapping, decoders.
    .target(name: "CoinGeckoAPI", dependencies: ["CoinsSupport", "CoinsModel", "CoinsHTTP"]),
    // The transport: libcurl through CCurlShim, an HTTPTransport; only the executable knows it.
    // It knows HTTP, never CoinGecko.
    .target(name: "CoinsCurlTransport", dependencies: ["CoinsSupport", "CoinsHTTP", "CCurlShim"]),
    // libcurl's few entry points, opened with dlopen on the first request (no curl headers).
    .target(
      name: "CCurlShim",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // Pure importers: an exchange's or tracker's export, as bytes, into neutral imported events.
    .target(name: "CoinsImport", dependencies: ["CoinsModel"]),
    // The data services: CoinDataService, caches, the portfolio store, HomeModel.
    .target(name: "CoinsServices", dependencies: ["CoinsSupport", "CoinsModel", "CoinGeckoAPI"]),
    // The chain of daily price sources (your own, CoinGecko, Coinbase, Binance; ECB rates) and
    // the request budget that paces them.
    .target(
      name: "CoinsPriceSources",
      dependencies: ["CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsServices"]),
    // Pure renderers: tables, charts, sparklines, number formats, JSON / CSV.
    .target(name: "CoinsPresentation", dependencies: ["CoinsSupport", "CoinsModel"]),
    // TTYs, output sinks, keys, signals, the screen.
    .target(name: "CoinsTerminal"),
    // The watch's screen: its view, keys and content, valued through HomeModel only.
    .target(
      name: "CoinsWatch",
      dependencies: ["CoinsModel", "CoinsServices", "CoinsPresentation", "CoinsTerminal"]),
    // The command line: parsing, help, commands, exit codes.
    .target(
      name: "CoinsCommandLine",
      dependencies: [
        "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsImport",
        "CoinsServices", "CoinsPriceSources", "CoinsPresentation", "CoinsTerminal",
        "CoinsWatch",
      ]
    ),
    // Linked with `staticRuntime`: see above.
    .executableTarget(
      name: "coins",
      dependencies: ["CoinsCommandLine", "CoinsCurlTransport"],
      linkerSettings: staticRuntime
    ),
    // What the tests and the benchmarks share: temporary folders, a seeded generator.
    .target(name: "CoinsTestSupport", path: "Tests/CoinsTestSupport"),
    // What both unit test modules share: a capturing sink, a stub transport, a manual clock,
    // market fixtures.
    .target(
      name: "CoinsUnitTestSupport",
      dependencies: [
        "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsServices",
        "CoinsTerminal", "CoinsCommandLine", "CoinsTestSupport",
      ],
      path: "Tests/CoinsUnitTestSupport",
      swiftSettings: testCodeSettings
    ),
    // The unit tests in four modules, each compiled whole on one core, so a release build
    // compiles them side by side: the support target (JSON, threads), the market side
    // (CoinGecko client, transport, market service, price sources, rendering, the watch), the
    // command line (parsing, commands, the terminal, the architecture's checks) and the portfolio.
    .testTarget(
      name: "CoinsSupportTests",
      dependencies: ["CoinsSupport", "CoinsModel"],
      swiftSettings: testCodeSettings
    ),
    .testTarget(
      name: "CoinsMarketTests",
      dependencies: [
        "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsCurlTransport",
        "CoinsServices", "CoinsPresentation", "CoinsTerminal", "CoinsCommandLine",
        "CoinsTestSupport", "CoinsUnitTestSupport", "CoinsPriceSources", "CoinsWatch",
      ],
      swiftSettings: testCodeSettings
    ),
    .testTarget(
      name: "CoinsCommandLineTests",
      dependencies: [
        "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsServices",
        "CoinsPresentation", "CoinsTerminal", "CoinsCommandLine", "CoinsImport",
        "CoinsTestSupport", "CoinsUnitTestSupport", "CoinsPriceSources", "CoinsWatch",
      ],
      swiftSettings: testCodeSettings
    ),
    // The portfolio's unit tests — the file, transactions, ledgers, gains, imports, exact
    // decimals — the largest of the four.
    .testTarget(
      name: "CoinsPortfolioTests",
      dependencies: [
        "CoinsSupport", "CoinsModel", "CoinsHTTP", "CoinGeckoAPI", "CoinsServices",
        "CoinsPresentation", "CoinsTerminal", "CoinsCommandLine", "CoinsImport",
        "CoinsTestSupport", "CoinsUnitTestSupport", "CoinsPriceSources",
      ],
      // Read by the import tests through #filePath, not bundled.
      exclude: ["Import/Fixtures"],
      swiftSettings: testCodeSettings
    ),
    .testTarget(
      name: "EndToEndTests",
      // They run the built `coins` (`swift test` builds every product first); depending on the
      // target would link its module, and its static runtime, into the test bundle.
      dependencies: ["CoinsTestSupport"],
      exclude: ["FakeCoinGecko"],
      swiftSettings: testCodeSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// The tests' own code is compiled without optimisation even in a release build: the code under
/// test (every library, and the installed `coins`) keeps `-O`, while the large test module
/// compiled whole at `-O` took most of the suite's build (349 s of 386 on 2 cores; 193 s so).
/// Nor with debug information (`-gnone` after the build's `-g`): writing it was a ninth of the
/// test modules' compile (EndToEndTests 160 s of CPU with it, 142 s without); the libraries
/// keep theirs. (Unsafe flags are for Linux alone: PortableSourceTests.)
var testCodeSettings: [SwiftSetting] {
  [.unsafeFlags(["-Onone", "-gnone"], .when(platforms: [.linux]))]
}
