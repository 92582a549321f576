import CoinsModel
import CoinsSupport

/// What the price cache keeps of one source's series for one coin and currency: the days it
/// asked about (closed days, and today once its open is known) and the opens it got, so that a
/// day left out (no trades) is known to be left out and not asked again.
struct CachedOpens: Equatable {
  /// The series as the source answered it (its opens: closed days, and today's once known).
  var opens: DailyOpens
  /// The spans of days asked (closed, or today with its open), merged, in order.
  var asked: [ClosedRange<UTCDay>]

  /// Whether every day of `days` was asked.
  func covers(_ days: ClosedRange<UTCDay>) -> Bool {
    AskedSpans.cover(asked, days)
  }

  /// The opens within `days`.
  func opens(in days: ClosedRange<UTCDay>) -> DailyOpens {
    var within = opens
    within.opens = opens.opens.filter { days.contains($0.key) }
    return within
  }

  /// Adds what the source answered for `days`: the closed days (before `today`), and today
  /// when its open came back (an open does not change once its day began; a today without
  /// one is asked again).
  mutating func add(_ answer: DailyOpens, for days: ClosedRange<UTCDay>, today: UTCDay) {
    let end = days.contains(today) && answer.opens[today] != nil ? today : today.adding(days: -1)
    guard days.lowerBound <= end else { return }
    let closed = days.lowerBound...min(days.upperBound, end)
    let kept = opens.opens.filter { !closed.contains($0.key) }
    opens = answer
    opens.opens = kept.merging(answer.opens.filter { closed.contains($0.key) }) { $1 }
    asked = AskedSpans.merging(asked, closed) { $0.number }
  }

  /// The file's JSON.
  var json: JSONValue {
    .object([
      JSONMember("version", .number("1")),
      JSONMember("pair", .string(opens.pair)),
      JSONMember("viaUSDT", .bool(opens.viaUSDT)),
      JSONMember("carriesForward", .bool(opens.carriesForward)),
      JSONMember(
        "asked",
        .array(asked.map { .array([.string("\($0.lowerBound)"), .string("\($0.upperBound)")]) })),
      JSONMember("opens", AskedSpans.json(opens.opens) { "\($0)" }),
    ])
  }

  /// Read back from the file's JSON; `nil` when it is not one the cache wrote.
  init?(json: JSONValue) {
    guard json["version"] == .number("1"), let pair = json["pair"]?.stringValue,
      let spans = json["asked"]?.arrayValue, let members = json["opens"]?.objectMembers
    else { return nil }
    var asked: [ClosedRange<UTCDay>] = []
    for span in spans {
      guard let ends = span.arrayValue, ends.count == 2,
        let first = ends[0].stringValue.flatMap({ UTCDay(iso: $0) }),
        let last = ends[1].stringValue.flatMap({ UTCDay(iso: $0) }), first <= last
      else { return nil }
      asked.append(first...last)
    }
    guard let opens = AskedSpans.opens(members, unit: { UTCDay(iso: $0) }) else { return nil }
    self.asked = asked
    self.opens = DailyOpens(
      opens: opens, pair: pair, viaUSDT: json["viaUSDT"] == .bool(true),
      carriesForward: json["carriesForward"] == .bool(true))
  }

  /// Nothing cached yet for a series like `answer`.
  init(empty answer: DailyOpens) {
    opens = answer
    opens.opens = [:]
    asked = []
  }
}
