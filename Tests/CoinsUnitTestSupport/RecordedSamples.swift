import Foundation

/// The real CoinGecko answers in `/work/shared/coingecko-samples`, read at test time (they are
/// not the project's to ship); tests that need them are skipped where the folder is absent.
package enum RecordedSamples {
  package static let folder = URL(fileURLWithPath: "/work/shared/coingecko-samples")
  package static let available = FileManager.default.fileExists(atPath: folder.path)
  package static func body(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }
}
