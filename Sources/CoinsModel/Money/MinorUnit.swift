/// How many digits after the point money in a currency is rounded to: its minor unit.
///
/// Fiat currencies take ISO 4217's minor unit: 2 for most, 0 for those without cents in use
/// (yen, won, dong, …) and 3 for the dinars of Bahrain, Iraq, Jordan, Kuwait, Libya and Tunisia
/// and Oman's rial; the IMF's SDR (xdr) is counted with them at 2. `bits` (a millionth of a
/// bitcoin) has 2, down to the satoshi, and `sats` 0. Every other code CoinGecko prices in — btc,
/// eth and the other coins, gold and silver (xau, xag) — is rounded to 8.
public enum MinorUnit {
  /// ISO 4217 currencies with no minor unit in use.
  static let noDecimals: Set<String> = [
    "bif", "clp", "djf", "gnf", "isk", "jpy", "kmf", "krw", "pyg", "rwf", "ugx", "uyi", "vnd",
    "vuv", "xaf", "xof", "xpf", "sats",
  ]
  /// ISO 4217 currencies with a minor unit of a thousandth.
  static let threeDecimals: Set<String> = ["bhd", "iqd", "jod", "kwd", "lyd", "omr", "tnd"]
  /// The other fiat currencies (ISO 4217, 2 decimals) CoinGecko prices in or people use.
  static let twoDecimals: Set<String> = [
    "usd", "eur", "gbp", "chf", "cad", "aud", "nzd", "cny", "hkd", "sgd", "twd", "inr", "idr",
    "myr", "php", "thb", "pkr", "bdt", "lkr", "mmk", "aed", "sar", "ils", "try", "rub", "uah",
    "gel", "pln", "czk", "huf", "sek", "nok", "dkk", "zar", "ngn", "brl", "ars", "mxn", "bmd",
    "vef", "ves", "cop", "pen", "egp", "kes", "mad", "ron", "bgn", "kzt", "qar", "xdr", "bits",
  ]

  /// The digits after the point for `currency` (a code in any case).
  public static func digits(of currency: String) -> Int {
    // The report currencies nearly every figure is in: compared whole, without hashing.
    switch currency {
    case "usd", "eur", "gbp": return 2
    default: break
    }
    // Codes are mostly lower case already (CurrencyStyle's are): then no new string.
    let isLower = currency.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    let code = isLower ? currency : currency.lowercased()
    if twoDecimals.contains(code) { return 2 }
    if noDecimals.contains(code) { return 0 }
    if threeDecimals.contains(code) { return 3 }
    return 8
  }
}
