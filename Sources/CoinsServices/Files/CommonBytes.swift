/// How much of two byte buffers is the same from their start or their end, compared eight
/// bytes at a time: a 15 MB portfolio file against the one it replaces in about a tenth of the
/// instructions a byte-by-byte loop (or `Array`'s `==`) takes.
enum CommonBytes {
  /// How many bytes `a` and `b` have in common from their start, at most `limit` (no more than
  /// the shorter one's count).
  static func prefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int)
    -> Int
  {
    guard limit > 0, let first = a.baseAddress, let second = b.baseAddress else { return 0 }
    let x = UnsafeRawPointer(first)
    let y = UnsafeRawPointer(second)
    var count = 0
    while count + 8 <= limit,
      x.loadUnaligned(fromByteOffset: count, as: UInt64.self)
        == y.loadUnaligned(fromByteOffset: count, as: UInt64.self)
    {
      count += 8
    }
    while count < limit, a[count] == b[count] { count += 1 }
    return count
  }

  /// How many bytes `a` and `b` have in common at their end, at most `limit` (no more than the
  /// shorter one's count).
  static func suffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int)
    -> Int
  {
    guard limit > 0, let first = a.baseAddress, let second = b.baseAddress else { return 0 }
    let x = UnsafeRawPointer(first)
    let y = UnsafeRawPointer(second)
    var count = 0
    while count + 8 <= limit,
      x.loadUnaligned(fromByteOffset: a.count - count - 8, as: UInt64.self)
        == y.loadUnaligned(fromByteOffset: b.count - count - 8, as: UInt64.self)
    {
      count += 8
    }
    while count < limit, a[a.count - 1 - count] == b[b.count - 1 - count] { count += 1 }
    return count
  }

  /// Whether `a` and `b` are the same bytes (both absent counts as the same).
  static func same(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in prefix(a, b, limit: a.count) == a.count }
    }
  }
}
