import Foundation

/// `coins chart --json` and `coins portfolio chart --json`, as tests read them.
struct ChartDocument: Decodable {
  struct Coin: Decodable {
    var id: String
    var symbol: String
    var name: String
  }

  struct Summary: Decodable {
    var first: Double
    var last: Double
    var change: Double?
    var changeValue: Double
    var high: Double
    var highAt: Int64
    var low: Double
    var lowAt: Int64
    var average: Double
  }

  var source: String
  var currency: String
  var coin: Coin?
  var range: String
  var limitedBy: String?
  var staleReason: String?
  var points: [[Double]]?
  var candles: [[Double]]?
  var summary: Summary?
  var partial: Bool?
  var missing: [String]?

  /// The points' times in whole milliseconds.
  var times: [Int64] { (points ?? []).map { Int64($0[0]) } }

  static func decode(_ text: String) throws -> ChartDocument {
    try JSONDecoder().decode(ChartDocument.self, from: Data(text.utf8))
  }
}
