import CoinsModel

/// How many transactions an import made, by type and by coin: the rows counted in one pass
/// without hashing each one's coin and type word (the summary counted 200,000 rows several
/// times so, a tenth of a second on one core).
extension ImportSummary {
  /// The type words, in the order shown.
  static let typeWords = ["buy", "sell", "in", "income", "out"]

  /// Where `transaction`'s word (``word(_:)``) is in ``typeWords``.
  static func typePlace(_ transaction: Transaction) -> Int {
    if transaction.isIncome { return 3 }
    switch transaction.kind {
    case .buy: return 0
    case .sell: return 1
    case .transferIn: return 2
    case .transferOut: return 4
    }
  }

  /// Each coin of the rows, in the order first met, with how many of its rows are of each
  /// type (by place in ``typeWords``). A row's coin is compared with the few met so far (a
  /// hash only past ``comparedCoins``), and only when it is not the row before's.
  var rowCounts: [(coin: String, counts: [Int])] {
    var tally: [(coin: String, counts: [Int])] = []
    var places: [String: Int] = [:]
    var last = -1
    for index in plan.rows.indices {
      let coin = plan.rows[index].coin
      if last < 0 || tally[last].coin != coin {
        let found =
          tally.count <= Self.comparedCoins
          ? tally.firstIndex { $0.coin == coin } : places[coin]
        if let found {
          last = found
        } else {
          last = tally.count
          places[coin] = last
          tally.append((coin, Array(repeating: 0, count: Self.typeWords.count)))
        }
      }
      tally[last].counts[Self.typePlace(plan.rows[index].transaction)] += 1
    }
    return tally
  }

  /// Up to how many coins a row's coin is looked for by comparing, not hashing.
  static let comparedCoins = 32

  /// Transactions by type word (`buy`, `sell`, `in`, `income`, `out`), in that order, of
  /// `counted` (``rowCounts``, counted once a summary).
  static func byType(_ counted: [(coin: String, counts: [Int])]) -> [(type: String, count: Int)] {
    var totals = Array(repeating: 0, count: typeWords.count)
    for (_, counts) in counted {
      for place in counts.indices { totals[place] += counts[place] }
    }
    return shown(totals)
  }

  /// Transactions by coin, then type, coins in the order first met, of `counted`
  /// (``rowCounts``).
  static func byCoin(
    _ counted: [(coin: String, counts: [Int])]
  ) -> [(coin: String, types: [(type: String, count: Int)])] {
    counted.map { ($0.coin, shown($0.counts)) }
  }

  /// The type words counted at least once, with their counts.
  private static func shown(_ counts: [Int]) -> [(type: String, count: Int)] {
    zip(typeWords, counts).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
  }
}
