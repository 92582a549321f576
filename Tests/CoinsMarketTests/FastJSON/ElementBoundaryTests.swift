import CoinGeckoAPI
import Foundation
import Testing

@Suite struct ElementBoundaryTests {
  private let body = Array(#"[{"id":"a","x":1},{"id":"b"},{"id":"c"}]"#.utf8)
  // The `{` of "b" is at 18, of "c" at 29.

  @Test func theFirstBoundaryAtOrAfterAnOffset() {
    body.withUnsafeBytes { bytes in
      #expect(ElementBoundary.first(in: bytes, from: 0) == 18)
      #expect(ElementBoundary.first(in: bytes, from: 18) == 18)
      #expect(ElementBoundary.first(in: bytes, from: 19) == 29)
      #expect(ElementBoundary.first(in: bytes, from: 30) == nil)
    }
  }

  @Test func aPatternCutShortByTheEndIsNoBoundary() {
    // `},{"id":` without its opening quote: not the pattern.
    let cut = Array(#"[{"id":"a"},{"id":"#.utf8)
    cut.withUnsafeBytes { bytes in
      #expect(ElementBoundary.first(in: bytes, from: 0) == nil)
    }
  }

  @Test func anEscapedPatternInsideAStringIsNoBoundary() {
    let escaped = Array(#"[{"id":"a","name":"},{\"id\":\"b"}]"#.utf8)
    escaped.withUnsafeBytes { bytes in
      #expect(ElementBoundary.first(in: bytes, from: 0) == nil)
    }
  }
}
