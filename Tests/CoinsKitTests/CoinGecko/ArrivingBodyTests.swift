import Foundation
import Testing

@testable import CoinGeckoAPI

@Suite struct ArrivingBodyTests {
  private func append(_ text: String, to body: ArrivingBody) -> Bool {
    Array(text.utf8).withUnsafeBytes { body.append($0) }
  }

  private func text(_ bytes: ArrivedBytes?) -> String? {
    bytes?.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  @Test func bytesAreKeptInOrderAcrossGrowth() {
    let body = ArrivingBody()
    #expect(body.arrived == nil)
    #expect(body.data == Data())
    let piece = String(repeating: "0123456789", count: 5000)
    for _ in 0..<30 { #expect(append(piece, to: body)) }
    #expect(body.count == 1_500_000)
    #expect(body.data == Data(String(repeating: piece, count: 30).utf8))
  }

  @Test func whatArrivedStaysReadableAfterTheBodyGrowsAndIsDropped() {
    let body = ArrivingBody()
    body.reserve(8)
    #expect(append("[1,2,", to: body))
    let early = body.arrived
    // Past the reserved room: the bytes move to a larger block; the early view keeps its own.
    #expect(append(String(repeating: "3,", count: 100_000) + "4]", to: body))
    body.removeAll()
    #expect(text(early) == "[1,2,")
    #expect(body.count == 0)
    #expect(body.arrived == nil)
  }

  @Test func theDataOutlivesTheBody() {
    var data = Data()
    do {
      let body = ArrivingBody()
      body.reserve(5)
      #expect(append("hello", to: body))
      data = body.data
    }
    #expect(String(decoding: data, as: UTF8.self) == "hello")
  }
}
