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
}
