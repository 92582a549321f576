import CoinsImport
import CoinsServices

extension ImportTickers {
  /// Every coin ticker of `result` (upper-cased), with the first line it is on.
  static func tickers(of result: ImportResult) -> [(ticker: String, line: Int)] {
    var seen: [String: Int] = [:]
    var order: [String] = []
    func note(_ amount: ImportedAmount, _ line: Int) {
      guard case .coin(let code) = amount.asset else { return }
      let ticker = code.uppercased()
      if seen[ticker] == nil {
        seen[ticker] = line
        order.append(ticker)
      }
    }
    for event in result.events {
      switch event.action {
      case .buy(let coin, _), .sell(let coin, _): note(coin, event.line)
      case .trade(let spent, let received):
        note(spent, event.line)
        note(received, event.line)
      case .deposit(let amount), .withdrawal(let amount), .income(let amount, _),
        .feeDisposal(let amount):
        note(amount, event.line)
      }
    }
    return order.map { ($0, seen[$0] ?? 0) }
  }
}
