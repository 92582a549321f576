#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket on 127.0.0.1 that listens but never accepts: connections complete (the
/// kernel's backlog) and requests are sent, but no answer ever comes.
package final class SilentListener: Sendable {
  private let descriptor: Int32
  /// The port it listens on.
  package let port: Int

  /// Listens on an ephemeral port; `listening: false` closes it again, leaving a port where
  /// connections are refused.
  package init?(listening: Bool = true) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(fd, generic, length) == 0 && listen(fd, 8) == 0
          && getsockname(fd, generic, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      return nil
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    if listening {
      descriptor = fd
    } else {
      close(fd)
      descriptor = -1
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }
}
