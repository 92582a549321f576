#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file the user named cannot be read, as the system says when it is opened.
enum FileTrouble {
  /// `No such file`, `Permission denied`, `it is a folder, not a file`, `a part of its path
  /// is a file, not a folder`, else the system's own words (`it cannot be read` when it opens
  /// after all).
  static func reason(at path: String) -> String {
    // Non-blocking: a named pipe with no writer must not hang the error message.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    let error = errno
    guard descriptor < 0 else {
      defer { close(descriptor) }
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        return "it is a folder, not a file"
      }
      return "it cannot be read"
    }
    switch error {
    case ENOENT: return "No such file"
    case EACCES, EPERM: return "Permission denied"
    case EISDIR: return "it is a folder, not a file"
    case ENOTDIR: return "a part of its path is a file, not a folder"
    default: return String(cString: strerror(error))
    }
  }
}
