#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a file the user named cannot be read, in the system's words.
enum FileTrouble {
  /// `No such file`, `Permission denied` or `it is a folder`, else `it cannot be read`.
  static func reason(at path: String) -> String {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return "No such file"
    }
    if attributes[.type] as? FileAttributeType == .typeDirectory {
      return "it is a folder, not a file"
    }
    if !FileManager.default.isReadableFile(atPath: path) { return "Permission denied" }
    return "it cannot be read"
  }
}
