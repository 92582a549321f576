import CoinsModel

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

/// An exclusive `flock` on a lock file, held until ``release()``.
struct FileLock {
  private let fd: Int32

  init(path: String) throws(DocumentFile.Failure) {
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .writeFailed(
        reason: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
    }
    while flock(fd, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let reason = String(cString: strerror(errno))
      close(fd)
      throw .writeFailed(reason: "cannot lock \(path): \(reason)")
    }
  }

  func release() {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
