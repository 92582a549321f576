import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under the system's temp folder, for one test or benchmark; remove it with
/// `defer { directory.remove() }`.
public struct TemporaryDirectory: Sendable {
  /// The folder.
  public let url: URL

  /// Creates an empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder's path.
  public var path: String { url.path }

  /// A file (or folder) in this folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Deletes the folder, first giving back write permission a test may have taken away.
  public func remove() {
    if let enumerator = FileManager.default.enumerator(atPath: url.path) {
      for case let path as String in enumerator {
        chmod(url.appendingPathComponent(path).path, 0o700)
      }
    }
    chmod(url.path, 0o700)
    try? FileManager.default.removeItem(at: url)
  }

  /// The names in a folder under this one (or in this one), sorted, hidden ones included.
  public func contents(of subpath: String = "") -> [String] {
    let folder = subpath.isEmpty ? url : url.appendingPathComponent(subpath)
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }
}
