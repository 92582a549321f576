import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PerformanceReport {
  /// The figures as one JSON object: money rounded to the currency's minor unit, returns as
  /// fractions (0.1 is 10 %), `null` where there is none (a money-weighted return that is
  /// undefined carries its reason in `moneyWeightedUndefined`); `moneyWeightedAnnualized` says
  /// whether the money-weighted returns are yearly rates or the range's own.
  package func json() -> String {
    let currency = performance.currency
    var members: [(String, String)] = [
      ("currency", JSONText.string(currency.uppercased())),
      ("from", JSONText.string(Self.day(performance.days.lowerBound))),
      ("to", JSONText.string(Self.day(performance.days.upperBound))),
      ("days", String(performance.days.count)),
      (
        "portfolio",
        Self.figures(
          performance.parts, withParts: true, currency: currency,
          returns: performance.returns, moneyWeighted: performance.moneyWeighted,
          annualized: moneyWeightedIsAnnualized)
      ),
    ]
    if let benchmark {
      let figures = benchmark.figures
      members.append(
        (
          "benchmark",
          Self.figures(
            figures.parts, withParts: false, currency: currency, returns: figures.returns,
            moneyWeighted: figures.moneyWeighted, annualized: moneyWeightedIsAnnualized,
            extra: [
              ("coin", JSONText.string(figures.coin)),
              ("symbol", JSONText.string(benchmark.symbol)),
              (
                "negativeFrom", figures.negativeFrom.map { JSONText.string(Self.day($0)) } ?? "null"
              ),
            ])
        ))
    } else {
      members.append(("benchmark", "null"))
    }
    if byCoin {
      members.append(
        (
          "coins",
          JSONText.array(
            performance.coins.map { coin in
              Self.figures(
                coin.parts, withParts: true, currency: currency, returns: nil,
                moneyWeighted: nil,
                extra: [
                  ("coin", JSONText.string(coin.coin)),
                  ("contribution", JSONText.number(coin.contribution)),
                ])
            })
        ))
    }
    if !wallets.isEmpty {
      members.append(
        (
          "wallets",
          JSONText.array(
            wallets.map { wallet, figures in
              Self.figures(
                figures.parts, withParts: true, currency: currency, returns: figures.returns,
                moneyWeighted: figures.moneyWeighted, annualized: moneyWeightedIsAnnualized,
                extra: [("wallet", JSONText.string(wallet))])
            })
        ))
    }
    if let per {
      members.append(
        (
          "periods",
          JSONText.array(
            per.split(performance.days).map { label, days in
              JSONText.object([
                ("period", JSONText.string(label)),
                ("from", JSONText.string(Self.day(days.lowerBound))),
                ("to", JSONText.string(Self.day(days.upperBound))),
                ("timeWeighted", JSONText.number(performance.returns.cumulative(over: days))),
                (
                  "benchmarkTimeWeighted",
                  benchmark.map { JSONText.number($0.figures.returns.cumulative(over: days)) }
                    ?? "null"
                ),
              ])
            })
        ))
    }
    members.append(("sources", JSONText.array(sources.map(JSONText.string))))
    return JSONText.object(members)
  }

  private static func figures(
    _ parts: GainParts, withParts: Bool, currency: String, returns: ReturnSeries?,
    moneyWeighted: MoneyWeightedReturn?, annualized: Bool = false, extra: [(String, String)] = []
  ) -> String {
    let money = { (value: Decimal) in
      DecimalInput.text(MoneyRounding.rounded(value, in: currency) ?? value)
    }
    var members =
      extra + [
        ("start", money(parts.start)), ("end", money(parts.end)),
        ("netFlows", money(parts.netFlows)),
        ("gain", money(parts.gain)),
      ]
    if withParts {
      members += [
        ("realized", money(parts.realized)), ("unrealized", money(parts.unrealized)),
        ("income", money(parts.income)), ("fees", money(parts.fees)),
      ]
    }
    if let returns {
      let drawdown = returns.drawdown.map {
        JSONText.object([
          ("depth", JSONText.number($0.depth)), ("peak", JSONText.string(day($0.peakDay))),
          ("trough", JSONText.string(day($0.troughDay))),
        ])
      }
      members += [
        ("timeWeighted", JSONText.number(returns.cumulative)),
        (
          "timeWeightedAnnualized",
          returns.daily.count > 365 ? JSONText.number(returns.annualized) : "null"
        ),
        ("maxDrawdown", drawdown ?? "null"),
      ]
    }
    if let moneyWeighted {
      members.append(("moneyWeighted", JSONText.number(moneyWeighted.value)))
      members.append(("moneyWeightedAnnualized", annualized ? "true" : "false"))
      var why = "null"
      if case .undefined(let reason) = moneyWeighted { why = JSONText.string(reason) }
      members.append(("moneyWeightedUndefined", why))
    }
    return JSONText.object(members)
  }

  /// One CSV row per figure set: `kind,name,from,to,start,end,netFlows,gain,realized,unrealized,
  /// income,fees,timeWeighted,moneyWeighted,moneyWeightedAnnualized,currency`; kinds
  /// `portfolio`, `benchmark`, `coin`, `wallet`, `period` and `benchmark-period`; money with its
  /// minor unit's digits, returns as fractions, what does not apply empty.
  package func csv() -> String {
    let currency = performance.currency
    let from = Self.day(performance.days.lowerBound)
    let to = Self.day(performance.days.upperBound)
    var lines = [
      "kind,name,from,to,start,end,netFlows,gain,realized,unrealized,income,fees,timeWeighted,"
        + "moneyWeighted,moneyWeightedAnnualized,currency"
    ]
    func money(_ value: Decimal) -> String { MoneyRounding.fixedText(value, in: currency) }
    func line(
      _ kind: String, _ name: String, _ days: (String, String), _ parts: GainParts?,
      withParts: Bool, twr: Double?, mwr: MoneyWeightedReturn?
    ) {
      var cells = [kind, CSVField.report(name), days.0, days.1]
      if let parts {
        cells += [money(parts.start), money(parts.end), money(parts.netFlows), money(parts.gain)]
        cells +=
          withParts
          ? [
            money(parts.realized), money(parts.unrealized), money(parts.income), money(parts.fees),
          ]
          : ["", "", "", ""]
      } else {
        cells += Array(repeating: "", count: 8)
      }
      cells.append(twr.map { JSONText.number($0) } ?? "")
      cells.append(mwr?.value.map { JSONText.number($0) } ?? "")
      cells.append(mwr == nil ? "" : String(moneyWeightedIsAnnualized))
      cells.append(currency.uppercased())
      lines.append(cells.joined(separator: ","))
    }
    line(
      "portfolio", title, (from, to), performance.parts, withParts: true,
      twr: performance.returns.cumulative, mwr: performance.moneyWeighted)
    if let benchmark {
      line(
        "benchmark", benchmark.figures.coin, (from, to), benchmark.figures.parts, withParts: false,
        twr: benchmark.figures.returns.cumulative, mwr: benchmark.figures.moneyWeighted)
    }
    if byCoin {
      for coin in performance.coins {
        line("coin", coin.coin, (from, to), coin.parts, withParts: true, twr: nil, mwr: nil)
      }
    }
    for (wallet, figures) in wallets {
      line(
        "wallet", wallet, (from, to), figures.parts, withParts: true,
        twr: figures.returns.cumulative, mwr: figures.moneyWeighted)
    }
    if let per {
      for (label, days) in per.split(performance.days) {
        let span = (Self.day(days.lowerBound), Self.day(days.upperBound))
        line(
          "period", label, span, nil, withParts: false,
          twr: performance.returns.cumulative(over: days), mwr: nil)
        if let benchmark {
          line(
            "benchmark-period", label, span, nil, withParts: false,
            twr: benchmark.figures.returns.cumulative(over: days), mwr: nil)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
