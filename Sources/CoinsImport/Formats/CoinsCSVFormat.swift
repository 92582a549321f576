import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// coins' own CSV (`coins portfolio export --csv`): `date,type,coin,amount,price,currency,fee,
/// feeCurrency,note,id,wallet,movedFrom`, header names in any order and any case, spaces and underscores ignored
/// (`Date`, `Fee Currency`, `fee_currency`); only date, type, coin and amount required.
///
/// `coin` is kept as written (a CoinGecko id or a symbol, lowercased), its currencies are money
/// (coins prices in any currency CoinGecko quotes, `btc` included), a price is per coin.
enum CoinsCSVFormat {
  static let format = ImportFormat(
    "coins", "coins' own CSV",
    [
      FormatVersion(
        "v1", required: ["date", "type", "coin", "amount"],
        optional: [
          "price", "currency", "fee", "feeCurrency", "note", "id", "wallet", "movedFrom",
        ], read: read
      ).undecidedDates(.monthFirst),
      export,
    ])

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      let type = row.text("type").lowercased()
      let coinText = row.text("coin")
      guard !coinText.isEmpty, SafeName.of(coinText) == coinText, coinText.count <= 100 else {
        throw row.failValue("coin", "a coin such as bitcoin or btc")
      }
      let coin = ImportedAsset.coin(coinText.lowercased())
      let amount = try row.number("amount")
      guard amount > 0 else { throw row.failValue("amount", "a positive number such as 0.5") }
      let date = try row.optionalText("date").map { _ throws(ImportError) in try row.date("date") }
      let price = try row.optionalNumber("price")
      let currency = ImportedAsset.money((row.optionalText("currency") ?? "usd").uppercased())
      let feeCurrency = row.optionalText("feeCurrency").map { ImportedAsset.money($0.uppercased()) }
      let fees =
        try row.optionalNumber("fee").map { fee in
          [ImportedFee(ImportedAmount(fee, feeCurrency ?? currency), .money)]
        } ?? []
      let money = price.map { ImportedAmount(amount * $0, currency) }
      let held = ImportedAmount(amount, coin)
      let action: ImportedAction
      switch type {
      case "buy": action = .buy(coin: held, money: money)
      case "sell": action = .sell(coin: held, money: money)
      case "in": action = .deposit(held)
      case "out": action = .withdrawal(held)
      default: throw row.failValue("type", "one of buy, sell, in, out")
      }
      let transfer = type == "in" || type == "out"
      var event = ImportedEvent(
        line: row.line, date: date, action: action, fees: fees, value: transfer ? money : nil,
        id: row.optionalText("id").map(CSVField.decode),
        note: row.optionalText("note").map(CSVField.decode))
      if let wallet = row.optionalText("wallet").map(CSVField.decode) {
        guard let name = WalletName.normalized(wallet) else {
          throw row.failValue("wallet", "a wallet name such as kraken")
        }
        event.wallet = name
      }
      if let from = row.optionalText("movedFrom").map(CSVField.decode) {
        guard type == "in", from.count <= 64, SafeName.of(from) == from else {
          throw row.failValue("movedFrom", "the id of a transfer out, on an 'in' row")
        }
        event.movedFrom = from
      }
      log.events.append(event)
    }
  }
}
