#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A country's rules for gains as one value the report is handed — how sales are matched, the
/// currency, the tax year, the day boundary and the form — rather than a branch in every view.
/// `us` is the default; `uk` and `de` follow HMRC's and Germany's rules.
public struct TaxRules: Sendable, Equatable {
  /// The set's name: `us`, `uk` or `de` (`--rules`, `[tax] rules`).
  public var name: String
  /// How the set names itself in a report's title line: `US rules`.
  public var title: String
  /// The currency of the report (`--currency` may say another).
  public var currency: String
  /// Where the taxpayer's days begin (`[tax] zone`).
  public var zone: TaxZone
  /// When the tax year begins.
  public var taxYear: TaxYearCalendar
  /// How sales are matched.
  public var matching: TaxMatching
  /// The form the report fills.
  public var form: TaxForm

  /// The US: lots first in, first out in one pool, long term after the anniversary; dollars;
  /// calendar years. Days stay UTC days, as the US ledger counts them today (the local zone
  /// the issue asks for changes the default outputs and waits for the command line's wiring).
  public static let us = TaxRules(
    name: "us", title: "US rules", currency: "usd", zone: .utc, taxYear: .calendarYear,
    matching: .lots(method: .fifo, scope: .universal, longTerm: .afterAnniversary),
    form: .scheduleD)

  /// The UK: HMRC's share matching in pounds on London's days; tax years from 6 April.
  public static let uk = TaxRules(
    name: "uk", title: "UK rules (HMRC share matching)", currency: "gbp", zone: .europeLondon,
    taxYear: .fromSixthOfApril, matching: .shareMatching, form: .sa108)

  /// Germany: first in, first out per wallet, tax-free after a year, in euros on Berlin's
  /// days; calendar years.
  public static let de = TaxRules(
    name: "de", title: "German rules (§ 23 EStG)", currency: "eur", zone: .europeBerlin,
    taxYear: .calendarYear, matching: .firstInFirstOutOneYear(scope: .wallet), form: .anlageSO)

  /// Every set, in the order the help lists them.
  public static let all: [TaxRules] = [.us, .uk, .de]

  /// The set named `name` (any case); `nil` for another.
  public static func named(_ name: String) -> TaxRules? {
    all.first { $0.name == name.lowercased() }
  }

  /// What to say of an unknown name: `Unknown rules 'xx' (choose us, uk or de)`.
  public static func unknown(_ name: String) -> String {
    let names = all.map(\.name)
    return "Unknown rules '\(name)' (choose \(names.dropLast().joined(separator: ", ")) or "
      + "\(names.last ?? ""))"
  }

  /// The set with `method`, `scope` and `longTerm` where they apply, or why it refuses them
  /// (naming the rule): the UK's share matching has one pool per coin per person and no method
  /// or term of its own; Germany's rules (the BMF letter of 6 March 2025) take first in, first out
  /// and count their own one year.
  public func with(
    method: CostBasisMethod? = nil, scope: CostBasisScope? = nil, longTerm: LongTermRule? = nil
  ) -> Result<TaxRules, TaxRulesRefusal> {
    var rules = self
    switch matching {
    case .lots(let ownMethod, let ownScope, let ownTerm):
      if method == .average, longTerm != nil { return .failure(.longTermWithAverage) }
      rules.matching = .lots(
        method: method ?? ownMethod, scope: scope ?? ownScope, longTerm: longTerm ?? ownTerm)
    case .shareMatching:
      if scope == .wallet { return .failure(.ukOnePool) }
      if let method { return .failure(.ukMethod(method)) }
      if longTerm != nil { return .failure(.noLongTerm(name)) }
    case .firstInFirstOutOneYear(let ownScope):
      if let method, method != .fifo { return .failure(.germanFIFO(method)) }
      if longTerm != nil { return .failure(.noLongTerm(name)) }
      rules.matching = .firstInFirstOutOneYear(scope: scope ?? ownScope)
    }
    return .success(rules)
  }
}
