import Dispatch

extension MarketsFastDecoder {
  /// Bodies from this size up (a top 250 with sparklines is about 1.2 MB) are read in two
  /// halves at once: on two cores a cold `coins top` decodes in a little over half the time.
  package static let splitSize = 256 * 1024

  /// The DTOs read as two halves on two threads, or `nil` when the body has no place to split
  /// or either half is not exactly a run of whole elements (the caller then reads it whole).
  static func decodeInHalves(_ bytes: UnsafeRawBufferPointer) -> [MarketDTO]? {
    decodeInHalves(bytes) { $0 }
  }

  /// The elements `transform` makes of the DTOs, each half read and transformed on its own
  /// thread: the second half on a new thread started at once (a dispatch worker may take half
  /// a millisecond to appear on a cold start), the first on the caller's.
  static func decodeInHalves<Element>(
    _ bytes: UnsafeRawBufferPointer, _ transform: @escaping (MarketDTO) -> Element
  ) -> [Element]? {
    guard let split = splitPoint(in: bytes) else { return nil }
    // Up to the closing `}` before the comma, and from the next element's `{`.
    let first = UnsafeRawBufferPointer(rebasing: bytes[..<(split - 1)])
    nonisolated(unsafe) let second = UnsafeRawBufferPointer(rebasing: bytes[split...])
    // Written by the second half's thread before it signals, read here only after the wait.
    nonisolated(unsafe) let tail = UnsafeMutablePointer<[Element]?>.allocate(capacity: 1)
    tail.initialize(to: nil)
    defer {
      tail.deinitialize(count: 1)
      tail.deallocate()
    }
    nonisolated(unsafe) let transform = transform
    let secondDone = DispatchSemaphore(value: 0)
    let started = DetachedThread.start(named: "coins-read") {
      tail.pointee = secondHalf(second, transform)
      secondDone.signal()
    }
    if !started { tail.pointee = secondHalf(second, transform) }
    let head = firstHalf(first, transform)
    if started { secondDone.wait() }
    guard let head, let rest = tail.pointee else { return nil }
    return head + rest
  }

  /// The `{` of the first element that starts after the middle of the body behind `},{"id":"`.
  /// Those quotes cannot stand unescaped inside a string, so the pattern is found only between
  /// two objects with an `id` first — an element boundary, or a nested array of such objects,
  /// which the halves' readers then refuse.
  static func splitPoint(in bytes: UnsafeRawBufferPointer) -> Int? {
    bytes[(bytes.count / 2)...].firstRange(of: #"},{"id":""#.utf8).map { $0.lowerBound + 2 }
  }

  /// `[` and whole elements separated by commas, to the end of the bytes.
  private static func firstHalf<Element>(
    _ bytes: UnsafeRawBufferPointer, _ transform: (MarketDTO) -> Element
  ) -> [Element]? {
    do throws(FastPathDeclined) {
      var reader = try JSONByteReader(bytes)
      try reader.expect(0x5B)
      var elements: [Element] = []
      elements.reserveCapacity(128)
      while true {
        elements.append(transform(try readMarket(&reader)))
        reader.skipWhitespace()
        if reader.isAtEnd { return elements }
        try reader.expect(0x2C)
      }
    } catch {
      return nil
    }
  }

  /// Whole elements separated by commas, then `]` and the end of the bytes.
  private static func secondHalf<Element>(
    _ bytes: UnsafeRawBufferPointer, _ transform: (MarketDTO) -> Element
  ) -> [Element]? {
    do throws(FastPathDeclined) {
      var reader = try JSONByteReader(bytes)
      var elements: [Element] = []
      elements.reserveCapacity(128)
      repeat {
        elements.append(transform(try readMarket(&reader)))
      } while try reader.continues(before: 0x5D)
      reader.skipWhitespace()
      return reader.isAtEnd ? elements : nil
    } catch {
      return nil
    }
  }
}
