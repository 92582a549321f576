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

/// Where a command writes text. Commands get one for standard output and one for standard
/// error, so tests can capture both.
public protocol OutputSink: Sendable {
  /// Writes `text` as it is (add the newline yourself).
  func write(_ text: String)
  /// Writes UTF-8 `bytes` as they are (a report of megabytes, made as bytes, is not made a
  /// string first). By default, the string they spell.
  func write(utf8 bytes: [UInt8])
}

extension OutputSink {
  /// Writes the string `bytes` spell.
  public func write(utf8 bytes: [UInt8]) {
    write(String(decoding: bytes, as: UTF8.self))
  }
}
