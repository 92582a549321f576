// swift-tools-version:6.0
import PackageDescription

// The benchmarks, a package of their own so that the product's manifest lists the product, its
// libraries and its tests only: coins-bench (it uses the product's libraries through the path
// dependency below) and the hello floors it times beside `coins` (Benchmarks/README.md).
// `Benchmarks/run.sh` builds this package and the product's `coins` apart.

/// The folder this manifest is in (the linker flags below need absolute paths).
let benchmarksFolder = String(#filePath.dropLast("/Package.swift".count))

/// `coins`' own `staticRuntime` (../Package.swift, which says why each flag is there), for
/// the like-for-like hello: keep the two in step.
let staticRuntime: [LinkerSetting] = [
  .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux])),
  .unsafeFlags(
    ["-L\(benchmarksFolder)/../Linking/static-libstdc++", "-Xclang-linker", "-static-libgcc"],
    .when(platforms: [.linux])),
  .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
  .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
  .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
  .linkedLibrary("swiftSynchronization", .when(platforms: [.linux])),
]

let package = Package(
  name: "coins-benchmarks",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "coins-bench", targets: ["coins-bench"]),
    .executable(name: "hello-bare", targets: ["hello-bare"]),
    .executable(name: "hello-essentials", targets: ["hello-essentials"]),
    .executable(name: "hello-foundation", targets: ["hello-foundation"]),
    .executable(name: "hello-essentials-static", targets: ["hello-essentials-static"]),
  ],
  dependencies: [.package(name: "coins", path: "..")],
  targets: [
    .executableTarget(
      name: "coins-bench",
      dependencies: [
        .product(name: "CoinsModel", package: "coins"),
        .product(name: "CoinGeckoAPI", package: "coins"),
        .product(name: "CoinsCurlTransport", package: "coins"),
        .product(name: "CoinsServices", package: "coins"),
        .product(name: "CoinsPresentation", package: "coins"),
        .product(name: "CoinsTestSupport", package: "coins"),
        "CBenchClock",
      ],
      path: "Sources/coins-bench"
    ),
    // The CPU's time-stamp counter, to convert the dynamic loader's own timings (in cycles).
    .target(name: "CBenchClock", path: "Sources/CBenchClock"),
    // Start-up floors coins-bench times beside coins: a Swift process that imports nothing,
    // FoundationEssentials, or Foundation, each doing the same small piece of work.
    .executableTarget(name: "hello-bare", path: "Hello/hello-bare"),
    .executableTarget(name: "hello-essentials", path: "Hello/hello-essentials"),
    .executableTarget(name: "hello-foundation", path: "Hello/hello-foundation"),
    .executableTarget(
      name: "hello-essentials-static", path: "Hello/hello-essentials-static",
      linkerSettings: staticRuntime),
  ],
  swiftLanguageModes: [.v6]
)
