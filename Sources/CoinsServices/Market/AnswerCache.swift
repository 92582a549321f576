#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Small raw answers (`/global`) kept on disk as received, their age taken from the file's
/// modification time; read back through the same decoder as a fresh answer.
struct AnswerCache: Sendable {
  let directory: URL

  func url(_ name: String) -> URL {
    directory.appendingPathComponent("\(name).json")
  }

  /// The stored body and when it was stored, or `nil`.
  func load(_ name: String) -> (body: Data, storedAt: Date)? {
    let file = url(name)
    guard let body = try? Data(contentsOf: file),
      let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return (body, modified)
  }

  /// Stores a body atomically.
  func store(_ body: Data, as name: String) throws {
    try Folder.create(directory)
    try AtomicFile.write(body, to: url(name))
  }
}
