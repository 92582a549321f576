// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "coins",
  products: [
    .executable(name: "coins", targets: ["coins"]),
    .library(name: "CoinsKit", targets: ["CoinsKit"]),
    .executable(name: "coins-bench", targets: ["coins-bench"]),
  ],
  targets: [
    .target(
      name: "CoinsKit",
      path: "Sources",
      exclude: ["coins"],
      resources: [.copy("CoinsServices/Resources/sample-markets.json")]
    ),
    .executableTarget(
      name: "coins",
      dependencies: ["CoinsKit"]
    ),
    .executableTarget(
      name: "coins-bench",
      dependencies: ["CoinsKit"],
      path: "Benchmarks/Sources/coins-bench"
    ),
    .testTarget(
      name: "CoinsKitTests",
      dependencies: ["CoinsKit"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["coins"],
      exclude: ["FakeCoinGecko"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
