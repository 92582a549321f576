#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a rule set refuses an option: each names the rule, for a usage error.
public enum TaxRulesRefusal: Error, Sendable, Equatable {
  /// `--scope wallet` under the UK's rules.
  case ukOnePool
  /// `--method` under the UK's rules.
  case ukMethod(CostBasisMethod)
  /// `--long-term-after` where the rules have no long term (the set's name).
  case noLongTerm(String)
  /// A method other than FIFO under Germany's rules.
  case germanFIFO(CostBasisMethod)
  /// `--long-term-after` with average cost, which has no lots.
  case longTermWithAverage

  /// The message, for `Error: …`.
  public var message: String {
    switch self {
    case .ukOnePool:
      "--scope wallet cannot be used with --rules uk: HMRC pools each coin once per person "
        + "(one section 104 pool across every wallet)"
    case .ukMethod(let method):
      "--method \(method.rawValue) cannot be used with --rules uk: HMRC's share matching "
        + "decides the cost (same day, 30 days, then the section 104 pool)"
    case .noLongTerm(let name):
      "--long-term-after cannot be used with --rules \(name): its rules have no long term"
    case .germanFIFO(let method):
      "--method \(method.rawValue) cannot be used with --rules de: the BMF letter of 6 March "
        + "2025 takes the coins acquired first as sold first (fifo)"
    case .longTermWithAverage:
      "--long-term-after cannot be used with --method average: average cost has no lots"
    }
  }
}
