import CoinsModel

/// coins' own JSON (`coins portfolio export` without `--csv`: the portfolio file itself) as
/// rows to import: every transaction of every holding, in the file's order, exactly as
/// recorded — into an empty portfolio they make the same file.
package enum OwnExportJSON {
  /// Whether `bytes` are JSON rather than CSV: the first character that is not white space (or
  /// a byte-order mark) is `{`.
  package static func isJSON(_ bytes: [UInt8]) -> Bool {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// The rows of the portfolio in `bytes`, each numbered by its place in the file (1 the
  /// first transaction); a file that is not a portfolio, or of a newer version than this
  /// `coins` reads, is `Invalid`.
  package static func rows(_ bytes: [UInt8]) throws(PortfolioCodec.Invalid) -> [ImportRow] {
    let (portfolio, newer) = try PortfolioCodec.decode(bytes)
    if let newer {
      throw PortfolioCodec.Invalid(
        detail: "is a portfolio file of version \(newer), newer than this coins reads")
    }
    var rows: [ImportRow] = []
    for holding in portfolio.holdings {
      for transaction in holding.transactions {
        rows.append(ImportRow(line: rows.count + 1, coin: holding.id, transaction: transaction))
      }
    }
    return rows
  }
}
