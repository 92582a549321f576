// swift-tools-version:6.0
import PackageDescription

// Layers the compiler checks: every target depends only on the ones listed under it
// (README, "How it is built"; Tests/CoinsKitTests/Architecture checks the imports too).
let package = Package(
  name: "coins",
  products: [
    .executable(name: "coins", targets: ["coins"]),
    .executable(name: "coins-bench", targets: ["coins-bench"]),
    .executable(name: "hello-bare", targets: ["hello-bare"]),
    .executable(name: "hello-essentials", targets: ["hello-essentials"]),
    .executable(name: "hello-foundation", targets: ["hello-foundation"]),
  ],
  targets: [
    // Pure values and rules: coins, snapshots, the portfolio and its valuation, text, time.
    .target(name: "CoinsModel"),
    // CoinGecko over a transport protocol: client, endpoints, DTOs and their mapping, decoders.
    .target(name: "CoinGeckoAPI", dependencies: ["CoinsModel", "CCurlShim"]),
    // libcurl's few entry points, opened with dlopen on the first request (no curl headers).
    .target(
      name: "CCurlShim",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // The data services: CoinDataService, caches, the portfolio store, HomeModel.
    .target(name: "CoinsServices", dependencies: ["CoinsModel", "CoinGeckoAPI"]),
    // Pure renderers: tables, charts, sparklines, number formats, JSON / CSV.
    .target(name: "CoinsPresentation", dependencies: ["CoinsModel"]),
    // TTYs, output sinks, keys, signals, the screen.
    .target(name: "CoinsTerminal"),
    // The command line: parsing, help, commands, exit codes.
    .target(
      name: "CoinsCommandLine",
      dependencies: [
        "CoinsModel", "CoinGeckoAPI", "CoinsServices", "CoinsPresentation", "CoinsTerminal",
      ]
    ),
    // The Swift runtime and FoundationEssentials linked in: the binary starts faster (no
    // symbol lookups in a dozen shared libraries) and needs nothing from the toolchain to run.
    .executableTarget(
      name: "coins",
      dependencies: ["CoinsCommandLine"],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux])),
        // What FoundationEssentials' static library needs besides the runtime.
        .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
        .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
      ]
    ),
    .executableTarget(
      name: "coins-bench",
      dependencies: [
        "CoinsModel", "CoinGeckoAPI", "CoinsServices", "CoinsPresentation", "CoinsTestSupport",
        "CBenchClock",
      ],
      path: "Benchmarks/Sources/coins-bench"
    ),
    // The CPU's time-stamp counter, to convert the dynamic loader's own timings (in cycles).
    .target(name: "CBenchClock", path: "Benchmarks/Sources/CBenchClock"),
    // Start-up floors coins-bench times beside coins: a Swift process that imports nothing,
    // FoundationEssentials, or Foundation, each doing the same small piece of work.
    .executableTarget(name: "hello-bare", path: "Benchmarks/Hello/hello-bare"),
    .executableTarget(name: "hello-essentials", path: "Benchmarks/Hello/hello-essentials"),
    .executableTarget(name: "hello-foundation", path: "Benchmarks/Hello/hello-foundation"),
    // What the tests and the benchmarks share: temporary folders, a seeded generator.
    .target(name: "CoinsTestSupport", path: "Tests/CoinsTestSupport"),
    .testTarget(
      name: "CoinsKitTests",
      dependencies: [
        "CoinsModel", "CoinGeckoAPI", "CoinsServices", "CoinsPresentation", "CoinsTerminal",
        "CoinsCommandLine", "CoinsTestSupport",
      ]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["coins", "CoinsTestSupport"],
      exclude: ["FakeCoinGecko"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
