import CoinsTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TemporaryDirectory {
  /// `portfolio.json` in this folder (or in a subfolder of it).
  func portfolioURL(in subpath: String = "") -> URL {
    let folder = subpath.isEmpty ? url : url.appendingPathComponent(subpath)
    return folder.appendingPathComponent("portfolio.json")
  }

  /// Writes `text` to a file in this folder and returns its URL.
  @discardableResult
  func write(_ text: String, to name: String = "portfolio.json") throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// The bytes of a file, or `nil` when it cannot be read.
  static func bytes(of url: URL) -> [UInt8]? {
    (try? Data(contentsOf: url)).map { [UInt8]($0) }
  }

  /// The text of a file, or `nil` when it cannot be read.
  static func text(of url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The permission bits of a file or folder.
  static func permissions(of url: URL) -> Int? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes?[.posixPermissions] as? NSNumber)?.intValue
  }

  /// Whether the tests run as root, for whom permission bits do not apply.
  static var runningAsRoot: Bool { getuid() == 0 }
}
