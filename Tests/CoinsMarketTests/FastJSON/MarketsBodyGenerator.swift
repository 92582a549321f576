import CoinsModel
import CoinsTestSupport
import Foundation

/// Writes `/coins/markets` bodies shaped like real answers, with the awkward corners real
/// answers have (nulls anywhere, missing or empty sparklines, escapes, CJK and emoji names) and
/// numbers chosen to test exact conversion.
struct MarketsBodyGenerator {
  var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// Literals that stress the number conversion at its edges.
  static let edgeNumbers = [
    "0", "-0", "-0.0", "0.0", "1e308", "1.7976931348623157e308", "5e-324", "4.9e-324",
    "2.2250738585072014e-308", "2.2250738585072011e-308", "1e-320",
    "123456789012345678901234567890",
    "18446744073709551615", "18446744073709551616", "9223372036854775807", "9007199254740993",
    "9007199254740992", "0.1", "0.30000000000000004", "1e22", "1e23", "8.988465674311579e307",
    "1E+2", "1e-7", "-1.5E-7", "4.35e-5", "110225.24400595334", "0.000000000000000000001",
    "100000000000000000000000", "7.2057594037927933e16", "2.0000000000000004",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "9007199254740993.0000000000000001", "0.000001234567890123456789",
  ]

  static let names = [
    "Bitcoin", "Ether\\u00e9um", "Tab\\tName", "Quote \\\"Q\\\"", "Slash\\/Back\\\\slash",
    "比特币", "ビットコイン", "Emoji 🚀 Coin", "Pair \\ud83d\\ude00 face", "Ctl\\u001b[2J",
    "  spaced   out  ", "\\u0000nul", "日本\\u8a9e", "Ünïcödé",
  ]

  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  /// A number literal: usually full-precision like CoinGecko's, sometimes an edge case.
  mutating func number() -> String {
    switch int(0..<10) {
    case 0: return Self.edgeNumbers[int(0..<Self.edgeNumbers.count)]
    case 1:
      let bits = random.next()
      let value = Double(bitPattern: bits)
      return value.isFinite ? "\(value)" : "1.5"
    case 2:
      // Near a midpoint between two doubles, written with 19–21 digits.
      let value = Double.random(in: 1..<1e6, using: &random)
      #if arch(x86_64) && !os(Windows)
        let midpoint = Float80(value) + Float80(value.ulp) / 2
        return "\(midpoint)"
      #else
        return "\(value)"
      #endif
    case 3: return "\(int(-1000..<1_000_000))"
    case 4: return String(format: "%.20e", Double.random(in: -1e9..<1e9, using: &random))
    default: return "\(Double.random(in: 0..<120_000, using: &random))"
    }
  }

  mutating func optionalNumber() -> String { chance(0.15) ? "null" : number() }

  mutating func string() -> String {
    "\"\(Self.names[int(0..<Self.names.count)])\""
  }

  mutating func sparkline() -> String? {
    switch int(0..<8) {
    case 0: return nil
    case 1: return "null"
    case 2: return "{}"
    case 3: return #"{"price":null}"#
    case 4: return #"{"price":[]}"#
    default:
      let points = (0..<int(1..<12)).map { _ in chance(0.1) ? "null" : number() }
      let extra = chance(0.2) ? #","unit":"hourly""# : ""
      return #"{"price":["# + points.joined(separator: ",") + "]" + extra + "}"
    }
  }

  /// One coin's object, its members in random order (`id` first when `idFirst`, as CoinGecko
  /// sends them).
  mutating func coin(index: Int, idFirst: Bool = false) -> String {
    var members: [(String, String)] = [
      ("id", "\"coin-\(index)\""), ("symbol", chance(0.1) ? string() : "\"c\(index)\""),
      ("name", string()),
      ("image", chance(0.1) ? "null" : #""https:\/\/example.test\/\#(index).png""#),
    ]
    for key in [
      "current_price", "market_cap", "fully_diluted_valuation", "total_volume", "high_24h",
      "low_24h", "price_change_24h", "price_change_percentage_24h", "market_cap_change_24h",
      "market_cap_change_percentage_24h", "circulating_supply", "total_supply", "max_supply",
      "ath", "ath_change_percentage", "atl", "atl_change_percentage",
      "price_change_percentage_1h_in_currency", "price_change_percentage_24h_in_currency",
      "price_change_percentage_7d_in_currency",
    ] where !chance(0.05) {
      members.append((key, optionalNumber()))
    }
    members.append(("market_cap_rank", chance(0.2) ? "null" : "\(int(-2..<400))"))
    for key in ["ath_date", "atl_date", "last_updated"] where !chance(0.05) {
      members.append(
        (
          key,
          chance(0.15) ? "null" : chance(0.1) ? "\"not a date\"" : "\"2025-07-25T14:53:48.123Z\""
        ))
    }
    members.append(
      (
        "roi",
        chance(0.6)
          ? "null"
          : #"{"times":\#(optionalNumber()),"currency":"usd","percentage":\#(optionalNumber())}"#
      ))
    if let sparkline = sparkline() { members.append(("sparkline_in_7d", sparkline)) }
    if chance(0.2) {
      members.append(("unknown_extra", #"{"a":[1,true,false,null,"x",{"b":2.5e3}]}"#))
    }
    members.shuffle(using: &random)
    if idFirst, let id = members.firstIndex(where: { $0.0 == "id" }) {
      members.insert(members.remove(at: id), at: 0)
    }
    let separator = chance(0.2) ? " ,\n " : ","
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: separator) + "}"
  }

  /// A whole body of `count` coins.
  mutating func body(count: Int, idsFirst: Bool = false) -> Data {
    let coins = (0..<count).map { coin(index: $0, idFirst: idsFirst) }
    return Data(((chance(0.2) ? " \n" : "") + "[" + coins.joined(separator: ",") + "]").utf8)
  }
}
