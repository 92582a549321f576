#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where one element of a `/coins/markets` array ends and the next begins, found without
/// reading the elements: behind `},{"id":"`. Those quotes cannot stand unescaped inside a
/// string, so the pattern is only ever found between two objects with an `id` first — an
/// element boundary, or a nested array of such objects, which the halves that start or stop
/// there then refuse.
///
/// A boundary is the offset of the next element's `{`.
package enum ElementBoundary {
  /// `},{"id":"` as bytes.
  private static let pattern: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
    (0x7D, 0x2C, 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22)
  private static let patternLength = 9
  /// From the pattern's first byte to the `{` it points at.
  private static let braceOffset = 2

  /// The first boundary at or after `offset` whose pattern lies wholly within `bytes`.
  package static func first(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var start = max(offset - braceOffset, 0)
    let lastStart = bytes.count - patternLength
    while start <= lastStart {
      guard let found = memchr(base + start, 0x7D, lastStart - start + 1) else { return nil }
      let position = base.distance(to: UnsafeRawPointer(found))
      if matches(bytes, at: position) { return position + braceOffset }
      start = position + 1
    }
    return nil
  }

  @inline(__always)
  private static func matches(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
    bytes[position] == pattern.0 && bytes[position + 1] == pattern.1
      && bytes[position + 2] == pattern.2 && bytes[position + 3] == pattern.3
      && bytes[position + 4] == pattern.4 && bytes[position + 5] == pattern.5
      && bytes[position + 6] == pattern.6 && bytes[position + 7] == pattern.7
      && bytes[position + 8] == pattern.8
  }
}
