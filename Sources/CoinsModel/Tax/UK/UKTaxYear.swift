#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One UK tax year (6 April to 5 April) by HMRC's rules: the SA108 figures, the annual exempt
/// amount and the losses brought forward, used and carried on, and each coin's pool at the
/// year's end.
public struct UKTaxYear: Sendable, Equatable {
  /// The year it begins in: 2024 for 2024/25.
  public var year: Int
  /// Its name, `2024/25`.
  public var label: String
  /// The year's disposals, oldest first.
  public var disposals: [UKDisposal]
  /// The SA108 figures of the whole year.
  public var figures: SA108Figures
  /// For 2024/25, the figures of the disposals before 30 October 2024 and of those on or after
  /// it (the rates changed that day); `nil` for other years.
  public var split: (before: SA108Figures, after: SA108Figures)?
  /// The annual exempt amount; `nil` for a year before 2014/15 (not in the table).
  public var annualExemptAmount: Decimal?
  /// Losses brought forward from earlier years.
  public var lossesBroughtForward: Decimal
  /// Of those, what was used: only enough to bring the year's net gains down to the annual
  /// exempt amount.
  public var lossesUsed: Decimal
  /// Losses carried on to later years: those brought forward and not used, and the year's net
  /// loss.
  public var lossesCarriedForward: Decimal
  /// Net gains after losses and the annual exempt amount: what the tax is reckoned on.
  public var taxableGain: Decimal
  /// Each coin's section 104 pool at the year's end, by coin id.
  public var pools: [UKPoolState]

  /// Whether a figure it shows was converted at today's rate (the day's was out of reach): a
  /// disposal's (``UKDisposal/atTodaysRate``) or a pool's cost at the year's end.
  public var convertedAtTodaysRate: Bool {
    disposals.contains(where: \.atTodaysRate) || pools.contains(where: \.pool.atTodaysRate)
  }

  /// Member by member (the split compared part by part).
  public static func == (lhs: UKTaxYear, rhs: UKTaxYear) -> Bool {
    lhs.year == rhs.year && lhs.disposals == rhs.disposals && lhs.figures == rhs.figures
      && lhs.split?.before == rhs.split?.before && lhs.split?.after == rhs.split?.after
      && lhs.annualExemptAmount == rhs.annualExemptAmount
      && lhs.lossesBroughtForward == rhs.lossesBroughtForward && lhs.lossesUsed == rhs.lossesUsed
      && lhs.lossesCarriedForward == rhs.lossesCarriedForward
      && lhs.taxableGain == rhs.taxableGain && lhs.pools == rhs.pools
  }

  /// The annual exempt amount of the tax year beginning in `year`, in pounds: £3,000 from
  /// 2024/25, £6,000 in 2023/24, £12,300 in 2020/21–2022/23, £12,000 in 2019/20, and the
  /// earlier years' back to 2014/15; `nil` before.
  public static func annualExemptAmount(_ year: Int) -> Decimal? {
    switch year {
    case 2024...: 3_000
    case 2023: 6_000
    case 2020...2022: 12_300
    case 2019: 12_000
    case 2018: 11_700
    case 2017: 11_300
    case 2015...2016: 11_100
    case 2014: 11_000
    default: nil
    }
  }

  /// The local day (London) the 2024/25 rates changed: 30 October 2024.
  public static let ratesChanged2024 = ISO8601Timestamp.daysFromCivil(
    year: 2024, month: 10, day: 30)
}
