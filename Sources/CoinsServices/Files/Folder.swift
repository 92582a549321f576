#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders made with mkdir(2) alone: `FileManager.createDirectory` looks at every component
/// and its attributes first, a third of a millisecond on each cold `coins top`.
package enum Folder {
  /// Why a folder could not be made: the folder a file was to be written in, so the same
  /// error as a failed write, with the path and the system's reason.
  package typealias CreateError = AtomicFile.WriteError

  /// Makes `url`'s folder and any missing parents, like `mkdir -p`: new folders get
  /// `permissions` (less the umask); existing ones are left as they are. Throws when a component
  /// exists but is not a folder, or cannot be made.
  package static func create(_ url: URL, permissions: mode_t = 0o755) throws(CreateError) {
    try create(path: url.path, permissions: permissions)
  }

  private static func create(path: String, permissions: mode_t) throws(CreateError) {
    if mkdir(path, permissions) == 0 { return }
    switch errno {
    case EEXIST:
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        throw CreateError(path: path, reason: "it exists and is not a folder")
      }
    case ENOENT:
      guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex
      else { throw failure(path) }
      try create(path: String(path[..<slash]), permissions: permissions)
      // A concurrent writer may have made it in between: that is as good.
      guard mkdir(path, permissions) == 0 || errno == EEXIST else { throw failure(path) }
    default:
      throw failure(path)
    }
  }

  private static func failure(_ path: String) -> CreateError {
    CreateError(path: path, reason: String(cString: strerror(errno)))
  }
}
