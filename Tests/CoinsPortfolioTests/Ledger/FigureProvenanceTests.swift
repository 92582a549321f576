import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// Every priced figure says how it was priced and converted (issue 42): a sale's proceeds and
/// each lot's cost carry a ``FigureProvenance`` — given, the day's price with its source, a
/// stablecoin at 1, unknown — with the rate, its source and its day where a conversion was made.
@Suite struct FigureProvenanceTests {
  typealias F = LedgerFixtures

  /// USD 1.25 per EUR on 1 January (the ECB's), bitcoin at $50,000 and €45,000 on 1 March and
  /// today (2 December); no rate at all on 1 February.
  static var rates: CurrencyRates {
    var rates = CurrencyRates(
      dailyBitcoinPrices: [
        "usd": [F.dayNumber("03-01"): 50_000], "eur": [F.dayNumber("03-01"): 45_000],
      ],
      todaysBitcoinPrices: ["usd": 50_000, "eur": 45_000], today: F.dayNumber("12-02"))
    rates.euroRates = ["usd": [F.dayNumber("01-01"): F.d("1.25")]]
    return rates
  }

  @Test func aSaleAndItsLotsSayWhereEachPriceAndRateCameFrom() {
    let ecbBuy = F.tx(.buy, "1", at: "10000", "usd", on: "01-01", id: "1")
    var looked = F.tx(.buy, "1", at: "9000", "eur", on: "01-02", id: "2")
    looked.priceSource = "coinbase"
    let sale = F.tx(.sell, "1.5", at: "20000", "usd", on: "03-01", id: "3")
    let ledger = F.ledger([ecbBuy, looked, sale], in: "eur", rates: Self.rates)
    let realized = ledger.realized[0]
    // Proceeds 1.5 × 20,000 = $30,000 at 45,000 ÷ 50,000 = 0.9: €27,000. Lot 1 cost $10,000 at
    // 1 ÷ 1.25 = 0.8: €8,000; half of lot 2, 0.5 × €9,000 = €4,500.
    expectEqual(realized.proceeds, 27_000)
    expectEqual(realized.lots.map(\.costBasis), [8_000, 4_500])
    #expect(
      realized.provenance
        == FigureProvenance(
          pricing: .given,
          conversion: RateConversion(
            from: "usd", to: "eur", rate: F.d("0.9"), source: .bitcoin, rateDate: "2026-03-01")))
    #expect(
      realized.lots.map(\.provenance) == [
        FigureProvenance(
          pricing: .given,
          conversion: RateConversion(
            from: "usd", to: "eur", rate: F.d("0.8"), source: .ecb, rateDate: "2026-01-01")),
        FigureProvenance(pricing: .dayPrice, source: "coinbase"),
      ])
    expectEqual(realized.lots[1].provenance?.text, "dayPrice (coinbase)")
    expectEqual(realized.lots[0].provenance?.text, "given; usd->eur 0.8 ecb 2026-01-01")
  }

  @Test func todaysRateIsMarkedOnTheFigureAndTheStatementOnlyWhenAFigureShownUsedIt() {
    // Bought on 1 February, a day no rate reaches: today's 0.9 stands in.
    let old = F.tx(.buy, "1", at: "1000", "usd", on: "02-01", id: "1")
    let euro = F.tx(.buy, "1", at: "2000", "eur", on: "02-02", id: "2")
    let sale = F.tx(.sell, "0.5", at: "3000", "eur", on: "03-02", id: "3")
    let fifo = F.ledger([old, euro, sale], .fifo, in: "eur", rates: Self.rates)
    let lifo = F.ledger([old, euro, sale], .lifo, in: "eur", rates: Self.rates)
    let today = FigureProvenance(
      pricing: .given,
      conversion: RateConversion(
        from: "usd", to: "eur", rate: F.d("0.9"), source: .today, rateDate: "2026-12-02"))
    // FIFO sells half of the old lot: 0.5 × 1,000 × 0.9 = €450, at today's rate.
    expectEqual(fifo.realized[0].costBasis, 450)
    expectEqual(fifo.realized[0].lots[0].provenance, today)
    #expect(today.atTodaysRate)
    expectEqual(today.text, "given; usd->eur 0.9 today 2026-12-02")
    let statement = { (ledger: HoldingLedger) in
      GainsStatement(ledger.realized, currency: "eur", method: .fifo, spread: OneCore())
    }
    #expect(statement(fifo).convertedAtTodaysRate)
    // LIFO sells half of the euro lot: nothing shown was converted, though the held old lot was.
    #expect(lifo.convertedAtTodaysRate)
    expectEqual(lifo.realized[0].lots[0].provenance, FigureProvenance(pricing: .given))
    #expect(!statement(lifo).convertedAtTodaysRate)
  }

  @Test func withoutProvenanceOnlyAFigureConvertedAtTodaysRateSaysHowItWasHad() {
    // What a text report asks for: no provenance, but the note still needs today's rate.
    let old = F.tx(.buy, "1", at: "1000", "usd", on: "02-01", id: "1")
    let euro = F.tx(.buy, "1", at: "2000", "eur", on: "02-02", id: "2")
    let sale = F.tx(.sell, "1.5", at: "3000", "eur", on: "03-02", id: "3")
    let ledger = F.ledger([old, euro, sale], in: "eur", rates: Self.rates, provenance: false)
    let today = FigureProvenance(
      pricing: .given,
      conversion: RateConversion(
        from: "usd", to: "eur", rate: F.d("0.9"), source: .today, rateDate: "2026-12-02"))
    // FIFO takes the old lot (1,000 × 0.9 = €900, at today's rate) and half the euro lot
    // (€1,000); the sale in euros converts nothing.
    expectEqual(ledger.realized[0].lots.map(\.costBasis), [900, 1_000])
    #expect(ledger.realized[0].provenance == nil)
    expectEqual(ledger.realized[0].lots.map(\.provenance), [today, nil])
    let statement = GainsStatement(
      ledger.realized, currency: "eur", method: .fifo, spread: OneCore())
    #expect(statement.convertedAtTodaysRate)
  }

  @Test func aTransactionsPricingIsGivenLookedUpAStablecoinOrUnknown() {
    var stable = F.tx(.buy, "100", at: "1", "usd", on: "01-01")
    stable.priceSource = FigureProvenance.stablecoinSource
    var carried = F.tx(.buy, "1", at: "5", "usd", on: "01-01")
    carried.priceSource = "binance via USDT, carried forward 2 days"
    let unpriced = F.tx(.transferIn, "1", on: "01-01")
    expectEqual(FigureProvenance(of: stable).pricing, .stablecoin)
    expectEqual(FigureProvenance(of: stable).text, "stablecoin")
    #expect(
      FigureProvenance(of: carried).text == "dayPrice (binance via USDT, carried forward 2 days)")
    expectEqual(FigureProvenance(of: unpriced), FigureProvenance(pricing: .unknown))
    // No rate for SEK at all: the conversion is named, its rate unknown.
    let sek = F.tx(.buy, "1", at: "10", "sek", on: "01-01")
    #expect(
      Self.rates.provenance(of: sek, in: "usd").conversion
        == RateConversion(from: "sek", to: "usd", rate: nil, source: .none, rateDate: nil))
    expectEqual(Self.rates.provenance(of: sek, in: "usd").text, "given; sek->usd unknown none")
  }

  @Test func theReportsJSONIsTheCodableShape() throws {
    let written = [
      FigureProvenance(pricing: .unknown),
      FigureProvenance(
        pricing: .dayPrice, source: "coingecko",
        conversion: RateConversion(
          from: "usd", to: "eur", rate: F.d("0.9213"), source: .ecb, rateDate: "2024-03-01")),
    ]
    for provenance in written {
      let json = ProvenanceText.json(provenance)
      let read = try JSONDecoder().decode(FigureProvenance.self, from: Data(json.utf8))
      #expect(read == provenance, "\(json)")
    }
    #expect(
      ProvenanceText.json(written[1])
        == #"{"pricing":"dayPrice","source":"coingecko","conversion":{"from":"usd","to":"eur","#
        + #""rate":0.9213,"source":"ecb","rateDate":"2024-03-01"}}"#)
    expectEqual(ProvenanceText.json(nil), "null")
  }
}
