import Foundation

/// A fresh folder under the system temp folder, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
