import CoinsModel
import CoinsPriceSources
import Synchronization

/// A price source answering from a closure, recording the spans it was asked.
final class ScriptedSource: PriceSource {
  let name: PriceSourceName
  private let answer: @Sendable (PricedCoin, String, ClosedRange<UTCDay>) -> PriceSourceAnswer
  private let asked = Mutex<[ClosedRange<UTCDay>]>([])

  init(
    _ name: PriceSourceName,
    answer: @escaping @Sendable (PricedCoin, String, ClosedRange<UTCDay>) -> PriceSourceAnswer
  ) {
    self.name = name
    self.answer = answer
  }

  /// Opens on the days given (`"2021-05-01": "57714.66"`), as an exchange (carrying forward)
  /// or not.
  convenience init(
    _ name: PriceSourceName, pair: String, opens: [String: String], carriesForward: Bool = true,
    viaUSDT: Bool = false
  ) {
    let parsed = Dictionary(
      uniqueKeysWithValues: opens.map { (UTCDay(iso: $0.key)!, ExactDecimal.parsed($0.value)!) })
    self.init(name) { _, _, days in
      .opens(
        DailyOpens(
          opens: parsed.filter { days.contains($0.key) }, pair: pair, viaUSDT: viaUSDT,
          carriesForward: carriesForward))
    }
  }

  var spans: [ClosedRange<UTCDay>] { asked.withLock { $0 } }

  func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>) async
    -> PriceSourceAnswer
  {
    asked.withLock { $0.append(days) }
    return answer(coin, currency, days)
  }
}

/// The day `text` (`YYYY-MM-DD`) names.
func day(_ text: String) -> UTCDay { UTCDay(iso: text)! }

/// The exact value of `text`.
func exact(_ text: String) -> ExactDecimal { ExactDecimal.parsed(text)! }
