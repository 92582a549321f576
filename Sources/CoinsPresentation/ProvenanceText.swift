import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``FigureProvenance`` as the reports write it: the JSON object of their `provenance`
/// members and the field of their `provenance` CSV columns.
package enum ProvenanceText {
  /// `{"pricing","source","conversion":{"from","to","rate","source","rateDate"}}` (the
  /// members of ``FigureProvenance``'s Codable shape), with `"feeConversion"` (the same shape
  /// as `conversion`) only where a fee was converted on its own; `null` for none.
  package static func json(_ provenance: FigureProvenance?) -> String {
    guard let provenance else { return "null" }
    var members = [
      ("pricing", JSONText.string(provenance.pricing.rawValue)),
      ("source", provenance.source.map(JSONText.string) ?? "null"),
      ("conversion", provenance.conversion.map(json) ?? "null"),
    ]
    if let fee = provenance.feeConversion { members.append(("feeConversion", json(fee))) }
    return JSONText.object(members)
  }

  /// Appends ``json(_:)`` of `provenance` to `output`; one with no conversion (every row of a
  /// history, which converts nothing) straight into its bytes, without the strings between.
  package static func append(_ provenance: FigureProvenance?, to output: inout JSONBytes) {
    guard let provenance, provenance.conversion == nil, provenance.feeConversion == nil else {
      return output.append(json(provenance))
    }
    output.append("{\"pricing\":")
    output.appendString(provenance.pricing.rawValue)
    output.append(",\"source\":")
    if let source = provenance.source { output.appendString(source) } else { output.append("null") }
    output.append(",\"conversion\":null}")
  }

  private static func json(_ conversion: RateConversion) -> String {
    JSONText.object([
      ("from", JSONText.string(conversion.from)), ("to", JSONText.string(conversion.to)),
      ("rate", conversion.rate.map(DecimalInput.text) ?? "null"),
      ("source", JSONText.string(conversion.source.rawValue)),
      ("rateDate", conversion.rateDate.map(JSONText.string) ?? "null"),
    ])
  }

  /// ``FigureProvenance/text`` as a CSV field; empty for none.
  package static func csv(_ provenance: FigureProvenance?) -> String {
    provenance.map { CSVField.report($0.text) } ?? ""
  }
}
