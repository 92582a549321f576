import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ExplanationView {
  /// `{"rules","kind","id",…}`: for a sale `{"method","scope","currency","proceeds","fee",
  /// "costBasis","gain","lots":[{"acquiredId","acquiredKind","acquiredWallet","acquired",
  /// "amount","acquiredAmount","price","priceCurrency","priceSource","feeShare","feeCurrency",
  /// "conversion","proceeds","costBasis","gain","firstYearEnds","sold","term","moves"}]}`;
  /// money rounded (the lots' shared out to add up to the sale's), amounts exact.
  package static func json(_ explanation: TransactionExplanation, rules: String) -> String {
    var members: [(String, String)] = [("rules", JSONText.string(rules))]
    switch explanation {
    case .sale(let sale):
      members += [
        ("kind", JSONText.string("sale")), ("id", JSONText.string(sale.transactionID)),
        ("coin", JSONText.string(sale.coin)), ("wallet", JSONText.string(sale.wallet)),
        ("date", date(sale.date)), ("amount", DecimalInput.text(sale.amount)),
        ("price", number(sale.price)), ("priceCurrency", JSONText.string(sale.priceCurrency)),
        ("priceSource", sale.priceSource.map(JSONText.string) ?? "null"),
        ("method", JSONText.string(sale.method.rawValue)),
        ("scope", JSONText.string(sale.scope.rawValue)),
        ("currency", JSONText.string(sale.currency)), ("conversion", rate(sale.conversion)),
        ("proceeds", number(sale.proceeds)), ("fee", DecimalInput.text(sale.fee)),
        ("costBasis", number(sale.costBasis)), ("gain", number(sale.gain)),
        ("lots", JSONText.array(sale.lots.map { lot(of: $0, soldAt: sale.date) })),
      ]
    case .ukSale(let sale):
      members += ukSaleMembers(sale)
    case .germanSale(let sale):
      members += germanSaleMembers(sale)
    case .income(let income):
      members += [
        ("kind", JSONText.string("income")), ("id", JSONText.string(income.transactionID)),
        ("coin", JSONText.string(income.coin)), ("date", date(income.date)),
        ("amount", DecimalInput.text(income.amount)), ("price", number(income.price)),
        ("priceCurrency", JSONText.string(income.priceCurrency)),
        ("value", number(income.value)), ("currency", JSONText.string(income.currency)),
        ("valueInCurrency", number(income.valueInCurrency)),
        ("conversion", rate(income.conversion)),
        ("priceSource", income.priceSource.map(JSONText.string) ?? "null"),
      ]
    case .acquisition(let acquisition):
      members += [
        ("kind", JSONText.string(acquisition.kind == .buy ? "buy" : "in")),
        ("id", JSONText.string(acquisition.transactionID)),
        ("coin", JSONText.string(acquisition.coin)), ("date", date(acquisition.date)),
        ("amount", DecimalInput.text(acquisition.amount)),
        (
          "takenBy",
          JSONText.array(
            acquisition.takenBy.map {
              JSONText.object([
                ("sale", JSONText.string($0.sale)), ("amount", DecimalInput.text($0.amount)),
              ])
            })
        ),
      ]
    case .transferOut(let id, let coin, let amount, let when, let movedTo):
      members += [
        ("kind", JSONText.string("out")), ("id", JSONText.string(id)),
        ("coin", JSONText.string(coin)), ("date", date(when)),
        ("amount", DecimalInput.text(amount)),
        ("movedTo", movedTo.map(JSONText.string) ?? "null"),
      ]
    }
    return JSONText.object(members)
  }

  static func lot(of lot: ExplainedLot, soldAt sold: Date?) -> String {
    JSONText.object([
      ("acquiredId", JSONText.string(lot.acquiredID)),
      ("acquiredKind", JSONText.string(lot.acquiredKind.rawValue)),
      ("acquiredWallet", JSONText.string(lot.acquiredWallet)), ("acquired", date(lot.acquired)),
      ("amount", DecimalInput.text(lot.amount)),
      ("acquiredAmount", DecimalInput.text(lot.acquiredAmount)), ("price", number(lot.price)),
      ("priceCurrency", JSONText.string(lot.priceCurrency)),
      ("priceSource", lot.priceSource.map(JSONText.string) ?? "null"),
      ("feeShare", DecimalInput.text(lot.feeShare)),
      ("feeCurrency", JSONText.string(lot.feeCurrency)), ("conversion", rate(lot.conversion)),
      ("proceeds", number(lot.proceeds)), ("costBasis", number(lot.costBasis)),
      ("gain", number(lot.gain)), ("firstYearEnds", day(lot.firstYearEnds)),
      ("sold", day(sold)), ("term", lot.term.map { JSONText.string($0.rawValue) } ?? "null"),
      (
        "moves",
        JSONText.array(
          lot.moves.map {
            JSONText.object([
              ("out", JSONText.string($0.outID)), ("in", JSONText.string($0.inID)),
              ("from", JSONText.string($0.from)), ("to", JSONText.string($0.to)),
              ("date", date($0.date)),
            ])
          })
      ),
    ])
  }

  static func rate(_ rate: RateUsed?) -> String {
    guard let rate else { return "null" }
    return JSONText.object([
      ("from", JSONText.string(rate.from)), ("to", JSONText.string(rate.to)),
      ("rate", number(rate.rate)), ("day", day(rate.day)),
      ("atTodaysRate", rate.atTodaysRate ? "true" : "false"),
    ])
  }

  static func number(_ value: Decimal?) -> String { value.map(DecimalInput.text) ?? "null" }

  static func date(_ value: Date?) -> String {
    value.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
  }

  static func day(_ value: Date?) -> String {
    value.map { JSONText.string(DateInput.dayText($0)) } ?? "null"
  }
}
