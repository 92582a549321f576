import Dispatch

extension MarketsFastDecoder {
  /// Bodies from this size up (a top 250 with sparklines is about 1.2 MB) are read in two
  /// halves at once: on two cores a cold `coins top` decodes in a little over half the time.
  package static let splitSize = 256 * 1024

  /// The DTOs read as two halves on two threads, or `nil` when the body has no place to split
  /// or either half is not exactly a run of whole elements (the caller then reads it whole).
  package static func decodeInHalves(_ bytes: UnsafeRawBufferPointer) -> [MarketDTO]? {
    decodeInHalves(bytes) { $0 }
  }

  /// The elements `transform` makes of the DTOs, each half read and transformed on its own
  /// thread (the caller's and a dispatch worker).
  @inline(__always)
  static func decodeInHalves<Element>(
    _ bytes: UnsafeRawBufferPointer, _ transform: @escaping (MarketDTO) -> Element
  ) -> [Element]? {
    guard let split = splitPoint(in: bytes) else { return nil }
    // Up to the closing `}` before the comma, and from the next element's `{`.
    nonisolated(unsafe) let first = UnsafeRawBufferPointer(rebasing: bytes[..<(split - 1)])
    nonisolated(unsafe) let second = UnsafeRawBufferPointer(rebasing: bytes[split...])
    nonisolated(unsafe) let halves = UnsafeMutableBufferPointer<[Element]?>.allocate(capacity: 2)
    halves.initialize(repeating: nil)
    defer {
      halves.deinitialize()
      halves.deallocate()
    }
    nonisolated(unsafe) let transform = transform
    // Each iteration writes only its own slot.
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      halves[part] = part == 0 ? firstHalf(first, transform) : secondHalf(second, transform)
    }
    guard let head = halves[0], let tail = halves[1] else { return nil }
    return head + tail
  }

  /// The `{` of the first element that starts after the middle of the body (an
  /// ``ElementBoundary``).
  static func splitPoint(in bytes: UnsafeRawBufferPointer) -> Int? {
    ElementBoundary.first(in: bytes, from: bytes.count / 2 + 2)
  }

  /// `[` and whole elements separated by commas, to the end of the bytes.
  @inline(__always)
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
  @inline(__always)
  static func secondHalf<Element>(
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
