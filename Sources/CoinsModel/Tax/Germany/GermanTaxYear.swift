#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One calendar year by Germany's rules: the year's private sales (§ 23 EStG) against their
/// Freigrenze, the losses carried back and forward, and the income from staking and lending
/// (§ 22 Nr. 3 EStG) against its own. Money rounded to the cent, sums of the rounded lots.
public struct GermanTaxYear: Sendable, Equatable {
  /// The year.
  public var year: Int
  /// The form the figures go on: `Anlage SO 2024`.
  public var form: String { "Anlage SO \(year)" }
  /// The year's sales, oldest first.
  public var sales: [GermanSale]
  /// The coins' § 23 result: the gains and losses of the lots held one year or less.
  public var cryptoResult: Decimal
  /// The gains and losses of the lots held more than one year: tax-free, shown only.
  public var taxFreeResult: Decimal
  /// The year's other private sales (from the settings), which the Freigrenze counts too.
  public var otherPrivateSales: Decimal
  /// The Freigrenze: €600 up to 2023, €1,000 from 2024.
  public var freigrenze: Decimal
  /// Income from staking and lending (§ 22 Nr. 3 EStG), at its value when received.
  public var income: Decimal
  /// Losses carried back into this year from the next.
  public var lossCarriedBackIn: Decimal = 0
  /// Losses brought forward from earlier years and used this year.
  public var lossesBroughtForwardUsed: Decimal = 0
  /// Of this year's loss, what was carried back to the year before.
  public var lossCarriedBack: Decimal = 0
  /// Losses left to carry forward after this year.
  public var lossesCarriedForward: Decimal = 0

  /// Whether a figure of its sales was converted at today's rate (the day's was out of reach).
  public var convertedAtTodaysRate: Bool {
    // By index: iterating would copy each sale (retaining its lots and strings), on one core.
    sales.indices.contains { sales[$0].convertedAtTodaysRate }
  }

  /// The year's net § 23 result: the coins' and the other private sales'.
  public var netResult: Decimal {
    (ExactDecimal(cryptoResult) + ExactDecimal(otherPrivateSales)).decimal
  }

  /// Whether the net gain is not less than the Freigrenze, so it is taxed in full (below it,
  /// not at all). Tested before any loss carried back or forward.
  public var taxedInFull: Bool { netResult >= freigrenze }

  /// The § 23 gain taxed before losses from other years: the net gain when taxed in full,
  /// else 0.
  public var taxedBeforeLosses: Decimal { taxedInFull ? netResult : 0 }

  /// This year's loss (a negative net result), as a positive figure.
  public var loss: Decimal { netResult < 0 ? -netResult : 0 }

  /// The § 23 gain taxed after the losses carried back into it and brought forward.
  public var taxableGain: Decimal {
    (ExactDecimal(taxedBeforeLosses) - ExactDecimal(lossCarriedBackIn)
      - ExactDecimal(lossesBroughtForwardUsed)).decimal
  }

  /// The Freigrenze of § 22 Nr. 3 income: it is tax-free when less than €256.
  public static let incomeFreigrenze: Decimal = 256

  /// The income taxed: all of it when not less than €256, else none.
  public var taxableIncome: Decimal { income >= Self.incomeFreigrenze ? income : 0 }

  /// The § 23 Freigrenze of `year`: €600 up to 2023, €1,000 from 2024.
  public static func freigrenze(_ year: Int) -> Decimal { year >= 2024 ? 1_000 : 600 }

  /// The Anlage SO figures this year fills, by caption.
  public var fields: [AnlageSOField] {
    // The taxable lots' proceeds and costs, each rounded to the cent (unknown counted as 0),
    // read in place (a large year has tens of thousands of lots).
    var (proceeds, cost) = (ExactDecimal.zero, ExactDecimal.zero)
    for sale in sales.indices {
      for lot in sales[sale].lots.indices where !sales[sale].lots[lot].taxFree {
        proceeds += MoneyRounding.rounded(
          ExactDecimal(sales[sale].lots[lot].proceeds ?? 0), digits: 2)
        cost += MoneyRounding.rounded(ExactDecimal(sales[sale].lots[lot].cost ?? 0), digits: 2)
      }
    }
    let section = "Private Veräußerungsgeschäfte (§ 23 EStG), andere Wirtschaftsgüter"
    return [
      AnlageSOField(caption: "Leistungen (§ 22 Nr. 3 EStG): Einnahmen", value: income),
      AnlageSOField(
        caption: "\(section): Veräußerungspreis (nach Werbungskosten)", value: proceeds.decimal),
      AnlageSOField(caption: "\(section): Anschaffungskosten", value: cost.decimal),
      AnlageSOField(caption: "\(section): Gewinn / Verlust", value: cryptoResult),
    ]
  }
}
