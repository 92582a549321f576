import CoinGeckoAPI
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Differential tests: the fast decoder against `JSONDecoder`, which defines the right answer.
@Suite struct MarketsFastDecoderTests {
  /// Every `Double` of a DTO by bit pattern, so `-0.0` and `0.0` count as different.
  private func bits(_ dto: MarketDTO) -> [UInt64?] {
    let scalars: [Double?] = [
      dto.currentPrice, dto.marketCap, dto.fullyDilutedValuation, dto.totalVolume, dto.high24h,
      dto.low24h, dto.priceChange24h, dto.priceChangePercentage24h, dto.marketCapChange24h,
      dto.marketCapChangePercentage24h, dto.circulatingSupply, dto.totalSupply, dto.maxSupply,
      dto.ath, dto.athChangePercentage, dto.atl, dto.atlChangePercentage, dto.roi?.times,
      dto.roi?.percentage, dto.priceChangePercentage1hInCurrency,
      dto.priceChangePercentage24hInCurrency, dto.priceChangePercentage7dInCurrency,
    ]
    return (scalars + (dto.sparklineIn7d?.price ?? [])).map { $0?.bitPattern }
  }

  /// Checks one body: when the fast path answers, `JSONDecoder` must give the same DTOs bit for
  /// bit; either way the public decoder must agree with the `JSONDecoder` route.
  /// Returns whether the fast path answered.
  @discardableResult
  private func check(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let reference = try? JSONDecoder().decode([MarketDTO].self, from: body)
    let fast = MarketsFastDecoder.decode(body)
    if let fast {
      #expect(
        reference == fast, "\(String(decoding: body, as: UTF8.self))",
        sourceLocation: sourceLocation)
      #expect(reference.map { $0.map(bits) } == fast.map(bits), sourceLocation: sourceLocation)
    }
    let viaFoundation = Result { () throws(CoinGeckoError) in
      try MarketsDecoder.decodeWithFoundation(body)
    }
    let viaDecoder = Result { () throws(CoinGeckoError) in try MarketsDecoder.decode(body) }
    #expect(viaDecoder == viaFoundation, sourceLocation: sourceLocation)
    return fast != nil
  }

  @Test func realShapedBodiesDecodeIdenticallyOnTheFastPath() {
    var generator = MarketsBodyGenerator(seed: 7)
    var accepted = 0
    for round in 0..<300 {
      if check(generator.body(count: 1 + round % 4)) { accepted += 1 }
    }
    // The generator writes only valid answers (bar the odd 1e308-scale overflow in a double
    // formatted from random bits, which never happens here): the fast path must take them.
    expectEqual(accepted, 300)
  }

  @Test func numbersConvertToTheSameDoubleAsJSONDecoder() {
    var generator = MarketsBodyGenerator(seed: 42)
    var literals = MarketsBodyGenerator.edgeNumbers
    for _ in 0..<3000 { literals.append(generator.number()) }
    for chunk in stride(from: 0, to: literals.count, by: 100) {
      let points = literals[chunk..<min(chunk + 100, literals.count)].joined(separator: ",")
      let body = #"[{"id":"a","symbol":"a","name":"A","sparkline_in_7d":{"price":[\#(points)]}}]"#
      #expect(check(Data(body.utf8)))
    }
  }

  @Test(arguments: [
    "[]", " [ ] ", "[{}]", "{}", "null", "", " ", "[", "]", "[1]", #"["x"]"#, "[null]",
    #"[{"id":"a","symbol":"a"}]"#, #"[{"id":null,"symbol":"a","name":"A"}]"#,
    #"[{"id":1,"symbol":"a","name":"A"}]"#, #"[{"id":"a","symbol":"a","name":"A"}] x"#,
    #"[{"id":"a","symbol":"a","name":"A"},]"#, #"[{"id":"a","symbol":"a","name":"A",}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":"1"}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":true}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":1e400}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":-1e400}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":1e-400}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":01}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":1.}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":.5}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":+1}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":NaN}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":1.0}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":1e2}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":1.5}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":-0}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":9223372036854775807}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":9223372036854775808}]"#,
    #"[{"id":"a","symbol":"a","name":"A","market_cap_rank":-9223372036854775808}]"#,
    #"[{"id":"a","id":"b","symbol":"a","name":"A"}]"#,
    #"[{"id":"a","symbol":"a","name":"A","current_price":1,"current_price":2}]"#,
    #"[{"id":"a","symbol":"a","name":"A","x":1,"x":2}]"#,
    #"[{"i\u0064":"a","symbol":"a","name":"A"}]"#,
    #"[{"id":"\ud83d\ude00","symbol":"\u00e9","name":"\u65e5\u672c"}]"#,
    #"[{"id":"\ud800","symbol":"a","name":"A"}]"#, #"[{"id":"\ud800x","symbol":"a","name":"A"}]"#,
    #"[{"id":"\udc00","symbol":"a","name":"A"}]"#,
    #"[{"id":"\ud800\u0041","symbol":"a","name":"A"}]"#,
    #"[{"id":"\x","symbol":"a","name":"A"}]"#, #"[{"id":"\u12","symbol":"a","name":"A"}]"#,
    #"[{"id":"a","symbol":"a","name":"A","sparkline_in_7d":[]}]"#,
    #"[{"id":"a","symbol":"a","name":"A","sparkline_in_7d":{"price":{}}}]"#,
    #"[{"id":"a","symbol":"a","name":"A","sparkline_in_7d":{"price":[1,"2"]}}]"#,
    #"[{"id":"a","symbol":"a","name":"A","sparkline_in_7d":{"price":[1,null,-0.0,5e-324]}}]"#,
    #"[{"id":"a","symbol":"a","name":"A","roi":{"times":1,"currency":5}}]"#,
    #"[{"id":"a","symbol":"a","name":"A","roi":[]}]"#,
    #"[{"id":"a","symbol":"a","name":"A","roi":{}}]"#,
    #"[{"id":"a","symbol":"a","name":"A","image":7}]"#,
    #"[{"id":"a","symbol":"a","name":"A","x":tru}]"#,
    #"[{"id":"a","symbol":"a","name":"A","x":nul}]"#,
    "\u{FEFF}" + #"[{"id":"a","symbol":"a","name":"A"}]"#,
    "[{\"id\":\"a\tb\",\"symbol\":\"a\",\"name\":\"A\"}]",
    "[{\"id\":\"a\u{7F}\",\"symbol\":\"a\",\"name\":\"A\"}]",
    #"[{"id":"a","symbol":"a","name":"A","x":"# + String(repeating: "[", count: 100)
      + String(repeating: "]", count: 100) + "}]",
    #"[{"id":"a","symbol":"a","name":"A","x":"# + String(repeating: "[", count: 600)
      + String(repeating: "]", count: 600) + "}]",
  ])
  func awkwardBodiesGiveTheSameResultOrError(body: String) {
    check(Data(body.utf8))
  }

  @Test(arguments: [
    ("", [Double?]?.none), (#","sparkline_in_7d":null"#, nil), (#","sparkline_in_7d":{}"#, nil),
    (#","sparkline_in_7d":{"price":null}"#, nil), (#","sparkline_in_7d":{"price":[]}"#, []),
    (#","sparkline_in_7d":{"price":[null]}"#, [nil]),
  ])
  func aSparklineNotSentStaysApartFromAnEmptyOneOnBothPaths(
    member: String, expected: [Double?]?
  ) throws {
    let body = Data((#"[{"id":"a","symbol":"a","name":"A""# + member + "}]").utf8)
    #expect(check(body))
    try expectEqual(MarketsDecoder.decode(body).map(\.sparkline), [expected])
    try expectEqual(MarketsDecoder.decodeWithFoundation(body).map(\.sparkline), [expected])
  }

  @Test func invalidUTF8GivesTheSameError() {
    var body = Data(#"[{"id":"a"#.utf8)
    body.append(contentsOf: [0xFF, 0xC3, 0x28])
    body.append(contentsOf: Array(#"","symbol":"a","name":"A"}]"#.utf8))
    check(body)
    check(Data([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]))
  }

  @Test func mutatedBodiesGiveTheSameResultOrError() {
    var generator = MarketsBodyGenerator(seed: 2024)
    let alphabet = Array(#"{}[]",:.-+eE0123456789\ utn"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
    for round in 0..<2500 {
      var bytes = [UInt8](generator.body(count: 1 + round % 2))
      for _ in 0..<generator.int(1..<4) {
        guard !bytes.isEmpty else { break }
        let position = generator.int(0..<bytes.count)
        switch generator.int(0..<5) {
        case 0: bytes[position] = alphabet[generator.int(0..<alphabet.count)]
        case 1: bytes.remove(at: position)
        case 2: bytes.insert(alphabet[generator.int(0..<alphabet.count)], at: position)
        case 3: bytes.removeSubrange(position...)
        default: bytes[position] ^= UInt8(1 << generator.int(0..<8))
        }
      }
      check(Data(bytes))
    }
  }

  @Test func sampleAnswersTakeTheFastPath() throws {
    #expect(check(Data(BundledSample.json.utf8)))
  }
}
