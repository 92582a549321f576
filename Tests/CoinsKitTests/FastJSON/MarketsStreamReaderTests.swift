import CoinsTestSupport
import Foundation
import Testing

@testable import CoinGeckoAPI
@testable import CoinsModel
@testable import CoinsServices

/// The reader that follows a market page while it arrives must give exactly the coins the
/// whole-body fast path gives, or decline (`nil`) so the caller reads the body whole.
@Suite struct MarketsStreamReaderTests {
  /// Plays the transport: the answer begins, declares its length (unless `declared` is off),
  /// arrives `chunk` bytes at a time, ends; then the caller asks for the coins of `body`.
  private func streamed(
    _ body: Data, chunk: Int, declared: Bool = true, startSize: Int = 0
  ) -> [Coin]? {
    let reader = MarketsStreamReader(startSize: startSize)
    let arriving = ArrivingBody()
    reader.answerBegan()
    if declared {
      arriving.reserve(body.count)
      reader.lengthDeclared(body.count)
    }
    feed(body, to: arriving, reader: reader, chunk: chunk)
    reader.bodyEnded(complete: true)
    return arriving.data.withUnsafeBytes { reader.coins(in: $0) }
  }

  private func feed(
    _ body: Data, to arriving: ArrivingBody, reader: MarketsStreamReader, chunk: Int
  ) {
    body.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        #expect(arriving.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])))
        offset = end
        if let arrived = arriving.arrived { reader.bodyArrived(arrived) }
      }
    }
  }

  private func whole(_ body: Data) -> [Coin]? {
    MarketsFastDecoder.decode(body) { $0.coin }
  }

  @Test(arguments: [997, 16 * 1024, 64 * 1024, 256 * 1024, 4 * 1024 * 1024])
  func aTop250AnswerReadWhileItArrivesGivesTheWholeReadsCoins(chunk: Int) throws {
    let body = Data(BundledSample.json.utf8)
    let expected = try #require(whole(body))
    #expect(expected.count == 250)
    #expect(
      streamed(body, chunk: chunk, startSize: MarketsStreamReader.defaultStartSize) == expected)
  }

  @Test func anAnswerWithoutADeclaredLengthIsFollowedOnceLargeEnough() throws {
    let body = Data(BundledSample.json.utf8)
    let streamedCoins = streamed(
      body, chunk: 8 * 1024, declared: false, startSize: MarketsStreamReader.defaultStartSize)
    #expect(streamedCoins == (try #require(whole(body))))
  }

  @Test func aSmallAnswerIsLeftToTheWholeRead() {
    // 2 KB is below the start size: no reader ever ran, so the caller reads the body whole.
    let body = Data(#"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":1}]"#.utf8)
    #expect(streamed(body, chunk: 7, startSize: MarketsStreamReader.defaultStartSize) == nil)
    #expect(whole(body)?.map(\.id) == ["bitcoin"])
  }

  @Test func generatedBodiesGiveTheWholeReadsCoinsOrDecline() {
    var generator = MarketsBodyGenerator(seed: 41)
    var followed = 0
    for round in 0..<150 {
      let body = generator.body(count: 1 + round % 9, idsFirst: round % 2 == 0)
      let streamedCoins = streamed(body, chunk: 1 + round * 37 % 300)
      let reference = whole(body)
      #expect(
        streamedCoins == nil || streamedCoins == reference,
        "\(String(decoding: body, as: UTF8.self))")
      // A body the whole read declines, the reader declines too.
      if reference == nil { #expect(streamedCoins == nil) }
      if streamedCoins != nil { followed += 1 }
    }
    #expect(followed > 100)
  }

  @Test func damagedSampleBodiesNeverGiveOtherCoins() {
    let sample = Array(BundledSample.json.utf8.prefix(40_000))
    // The sample's first whole elements, closed; then bytes changed at random.
    let lastBoundary = sample.withUnsafeBytes { ElementBoundary.last(in: $0, from: 0) } ?? 0
    let clean = Array(sample[..<(lastBoundary - 1)]) + Array("]".utf8)
    #expect(streamed(Data(clean), chunk: 4096) == whole(Data(clean)))
    #expect(whole(Data(clean)) != nil)
    var random = SeededRandom(seed: 23)
    for _ in 0..<200 {
      let body = Data(MarketsBodyGenerator.damaged(clean, using: &random))
      let streamedCoins = streamed(body, chunk: Int.random(in: 1...9000, using: &random))
      #expect(streamedCoins == nil || streamedCoins == whole(body))
    }
  }

  @Test func aNewAnswerMidwayStartsTheReaderOver() throws {
    let first = Data(BundledSample.json.utf8)
    var generator = MarketsBodyGenerator(seed: 5)
    let second = generator.body(count: 40, idsFirst: true)
    let reader = MarketsStreamReader(startSize: 0)
    let arriving = ArrivingBody()
    reader.answerBegan()
    feed(first.prefix(300_000), to: arriving, reader: reader, chunk: 50_000)
    // A redirect or an interim answer came first: the body starts again.
    arriving.removeAll()
    reader.answerBegan()
    feed(second, to: arriving, reader: reader, chunk: 1000)
    reader.bodyEnded(complete: true)
    let coins = arriving.data.withUnsafeBytes { reader.coins(in: $0) }
    #expect(coins == (try #require(whole(second))))
    #expect(coins?.count == 40)
  }

  @Test func aFailedTransferDeclines() {
    let body = Data(BundledSample.json.utf8)
    let reader = MarketsStreamReader(startSize: 0)
    let arriving = ArrivingBody()
    reader.answerBegan()
    feed(body.prefix(200_000), to: arriving, reader: reader, chunk: 10_000)
    reader.bodyEnded(complete: false)
    #expect(arriving.data.withUnsafeBytes { reader.coins(in: $0) } == nil)
  }

  @Test func aDifferentBodyThanTheOneFollowedDeclines() {
    let body = Data(BundledSample.json.utf8)
    let reader = MarketsStreamReader(startSize: 0)
    let arriving = ArrivingBody()
    reader.answerBegan()
    feed(body, to: arriving, reader: reader, chunk: 100_000)
    reader.bodyEnded(complete: true)
    let other = Data(#"[{"id":"x","symbol":"x","name":"X"}]"#.utf8)
    #expect(other.withUnsafeBytes { reader.coins(in: $0) } == nil)
  }

  @Test func anErrorPageDeclines() {
    let page = Data(
      ("<html><body>" + String(repeating: "Bad gateway. ", count: 8000) + "</body>").utf8)
    #expect(streamed(page, chunk: 4096) == nil)
    let object = Data(
      (#"{"status":{"error_code":429,"error_message":""# + String(repeating: "x", count: 90_000)
        + #""}}"#).utf8)
    #expect(streamed(object, chunk: 4096) == nil)
  }

  @Test func anEmptyArrayIsNoCoins() {
    #expect(streamed(Data(" [ ] \n".utf8), chunk: 1) == [])
  }
}
