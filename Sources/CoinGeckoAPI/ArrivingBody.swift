import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One block of memory holding a body's first bytes, freed when the last holder lets go: a
/// reader on another thread keeps the block it reads even after the body has grown into a
/// larger one.
package final class BodyBlock: @unchecked Sendable {
  /// The first byte.
  let start: UnsafeMutableRawPointer
  /// How many bytes fit.
  let capacity: Int

  init?(capacity: Int) {
    guard let start = malloc(max(capacity, 1)) else { return nil }
    self.start = start
    self.capacity = capacity
  }

  deinit {
    free(start)
  }
}

/// The part of a body that has arrived: its first `count` bytes, which never change again.
package struct ArrivedBytes: Sendable {
  /// Where the bytes are.
  package let block: BodyBlock
  /// How many have arrived.
  package let count: Int

  /// Calls `body` with the bytes that have arrived (valid only inside the call).
  package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result)
    rethrows -> Result
  {
    try body(UnsafeRawBufferPointer(start: block.start, count: count))
  }
}

/// An answer's body as a transfer receives it. Bytes are only ever added at the end, so what
/// has arrived (``arrived``) can be read on another thread while more comes in; growing moves
/// the bytes to a new block and leaves the old one to whoever still holds it.
///
/// Used on the transfer's thread only.
final class ArrivingBody {
  private var block: BodyBlock?
  private(set) var count = 0

  /// What has arrived so far, or `nil` before the first byte.
  var arrived: ArrivedBytes? {
    guard let block, count > 0 else { return nil }
    return ArrivedBytes(block: block, count: count)
  }

  private var capacity: Int { block?.capacity ?? 0 }

  /// Makes room for `capacity` bytes in all (a declared `Content-Length`), so that a body of
  /// that size arrives without being moved.
  func reserve(_ capacity: Int) {
    guard capacity > self.capacity else { return }
    move(toCapacity: capacity)
  }

  /// Adds `bytes` at the end; `false` when no memory could be had.
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return true }
    let needed = count + bytes.count
    if needed > capacity, !move(toCapacity: max(needed, capacity * 2, 64 * 1024)) {
      return false
    }
    guard let block else { return false }
    (block.start + count).copyMemory(from: source, byteCount: bytes.count)
    count = needed
    return true
  }

  /// Forgets every byte (a new answer starts); a reader keeps the block it holds.
  func removeAll() {
    block = nil
    count = 0
  }

  /// The bytes as `Data`, without copying them: the data keeps the block.
  var data: Data {
    guard let block, count > 0 else { return Data() }
    return Data(
      bytesNoCopy: block.start, count: count,
      deallocator: .custom { _, _ in withExtendedLifetime(block) {} })
  }

  @discardableResult
  private func move(toCapacity capacity: Int) -> Bool {
    guard let larger = BodyBlock(capacity: capacity) else { return false }
    if let block, count > 0 {
      larger.start.copyMemory(from: block.start, byteCount: count)
    }
    block = larger
    return true
  }
}
