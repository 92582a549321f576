import CoinsModel
import CoinsSupport

/// What the price cache keeps of one source's hourly candles for one coin and currency: the
/// closed hours it asked about and the opens it got (hours counted since 1970-01-01 00:00 UTC),
/// so that an hour without trades is known to be left out and not asked again.
struct CachedHourlyOpens: Equatable {
  /// The opens kept (closed hours only) and the pair they came from.
  var opens: HourlyOpens
  /// The spans of closed hours asked, merged, in order.
  var asked: [ClosedRange<Int>]

  /// Whether every hour of `hours` was asked.
  func covers(_ hours: ClosedRange<Int>) -> Bool {
    AskedSpans.cover(asked, hours)
  }

  /// The opens within `hours`.
  func opens(in hours: ClosedRange<Int>) -> HourlyOpens {
    HourlyOpens(opens: opens.opens.filter { hours.contains($0.key) }, pair: opens.pair)
  }

  /// Adds what the source answered for `hours`, keeping only the hours before `currentHour`
  /// (a closed hour's open never changes; the current one is still trading).
  mutating func add(_ answer: HourlyOpens, for hours: ClosedRange<Int>, currentHour: Int) {
    guard hours.lowerBound < currentHour else { return }
    let closed = hours.lowerBound...min(hours.upperBound, currentHour - 1)
    let kept = opens.opens.filter { !closed.contains($0.key) }
    opens = HourlyOpens(
      opens: kept.merging(answer.opens.filter { closed.contains($0.key) }) { $1 },
      pair: answer.pair)
    asked = AskedSpans.merging(asked, closed) { $0 }
  }

  /// The file's JSON: hours as their count since 1970 (`"449962"` is 2021-05-01 10:00 UTC).
  var json: JSONValue {
    .object([
      JSONMember("version", .number("1")),
      JSONMember("pair", .string(opens.pair)),
      JSONMember(
        "asked",
        .array(asked.map { .array([.number("\($0.lowerBound)"), .number("\($0.upperBound)")]) })),
      JSONMember("opens", AskedSpans.json(opens.opens) { "\($0)" }),
    ])
  }

  /// Read back from the file's JSON; `nil` when it is not one the cache wrote.
  init?(json: JSONValue) {
    guard json["version"] == .number("1"), let pair = json["pair"]?.stringValue,
      let spans = json["asked"]?.arrayValue, let members = json["opens"]?.objectMembers
    else { return nil }
    var asked: [ClosedRange<Int>] = []
    for span in spans {
      guard let ends = span.arrayValue, ends.count == 2,
        let first = Self.hour(ends[0]), let last = Self.hour(ends[1]), first <= last
      else { return nil }
      asked.append(first...last)
    }
    guard let opens = AskedSpans.opens(members, unit: { Int($0) }) else { return nil }
    self.asked = asked
    self.opens = HourlyOpens(opens: opens, pair: pair)
  }

  /// Nothing cached yet for the pair `pair`.
  init(pair: String) {
    opens = HourlyOpens(opens: [:], pair: pair)
    asked = []
  }

  private static func hour(_ value: JSONValue) -> Int? {
    guard case .number(let text) = value else { return nil }
    return Int(text)
  }
}
