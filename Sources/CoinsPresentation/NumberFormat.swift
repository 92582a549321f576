#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Number formats for people: prices that keep their significant digits, abbreviated big
/// figures, signed percentages. Unknown values are "—". Written by hand for speed and so that
/// the output never depends on the machine's locale.
public enum NumberFormat {
  /// What an unknown value looks like.
  public static let unknown = "—"

  /// A price: grouped with two decimals from 1 up, four significant digits below 1
  /// (`0.0000085`, not `0.00`), abbreviated beyond a trillion.
  public static func price(_ value: Double?, currency: CurrencyStyle) -> String {
    guard let value, value.isFinite else { return unknown }
    let magnitude = abs(value)
    let text: String
    if magnitude >= 1e12 {
      return compact(value, currency: currency)
    } else if magnitude >= 1 || magnitude == 0 {
      text = fixed(magnitude, decimals: 2, grouped: true)
    } else if magnitude < 1e-12 {
      text = scientific(magnitude)
    } else {
      let leadingZeros = Int((-log10(magnitude)).rounded(.down))
      let decimals = min(16, max(2, leadingZeros + 4))
      text = trimmingZeros(fixed(magnitude, decimals: decimals, grouped: false), keep: 2)
    }
    return (value < 0 ? "-" : "") + currency.prefix + text
  }

  /// A big figure in three significant digits with a unit: `1.82T`, `63.2B`, `512M`, `4.10K`;
  /// past a thousand trillion, still in trillions, grouped (`4,340T`, a meme coin's supply),
  /// and only past a million trillion (an absurd figure) as `1.00e+18`.
  public static func compact(_ value: Double?, currency: CurrencyStyle = .none) -> String {
    guard let value, value.isFinite else { return unknown }
    let sign = value < 0 ? "-" : ""
    var magnitude = abs(value)
    if magnitude < 999.5 {
      return sign + currency.prefix + fixed(magnitude, decimals: magnitude < 9.995 ? 2 : 0)
    }
    let units = ["K", "M", "B", "T"]
    var unit = -1
    while unit < units.count - 1 && magnitude >= 999.5 {
      magnitude /= 1000
      unit += 1
    }
    if magnitude >= 999.5 {
      guard magnitude < 999_500 else { return sign + currency.prefix + scientific(abs(value)) }
      return sign + currency.prefix + fixed(significant(magnitude, 3), decimals: 0, grouped: true)
        + "T"
    }
    let decimals = magnitude < 9.995 ? 2 : magnitude < 99.95 ? 1 : 0
    return sign + currency.prefix + fixed(magnitude, decimals: decimals) + units[unit]
  }

  /// A signed percentage with two decimals: `+1.23%`, `-0.45%`, `0.00%`.
  public static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return unknown }
    let magnitude = abs(value)
    let digits = magnitude >= 100_000 ? compact(magnitude) : fixed(magnitude, decimals: 2)
    if digits == "0.00" { return "0.00%" }
    return (value < 0 ? "-" : "+") + digits + "%"
  }

  /// An amount of coins: up to eight decimals, trailing zeros dropped, grouped.
  public static func amount(_ value: Double?) -> String {
    guard let value, value.isFinite else { return unknown }
    if abs(value) >= 1e15 { return compact(value) }
    return (value < 0 ? "-" : "")
      + trimmingZeros(fixed(abs(value), decimals: 8, grouped: true), keep: 0)
  }

  /// `value` (non-negative) with `decimals` decimals, optionally grouped by thousands.
  static func fixed(_ value: Double, decimals: Int, grouped: Bool = false) -> String {
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled < 9e18 else { return scientific(value) }
    let units = UInt64(scaled)
    let factor = UInt64(scale)
    // Written right to left into a buffer on the stack: a report of 100,000 sales formats
    // 300,000 figures.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
      var index = buffer.count
      func put(_ byte: UInt8) {
        index -= 1
        buffer[index] = byte
      }
      var fraction = units % factor
      for _ in 0..<decimals {
        put(UInt8(ascii: "0") + UInt8(fraction % 10))
        fraction /= 10
      }
      if decimals > 0 { put(UInt8(ascii: ".")) }
      var whole = units / factor
      var written = 0
      let group = grouped && whole >= 1_000
      repeat {
        if group && written > 0 && written % 3 == 0 { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "0") + UInt8(whole % 10))
        whole /= 10
        written += 1
      } while whole > 0
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
    }
  }

  /// `value` (at least 1) rounded to `digits` significant digits: 4,343.7 → 4,340.
  private static func significant(_ value: Double, _ digits: Int) -> Double {
    let scale = pow10(Int(log10(value).rounded(.down)) + 1 - digits)
    return (value / scale).rounded() * scale
  }

  private static func trimmingZeros(_ text: String, keep: Int) -> String {
    guard let dot = text.firstIndex(of: ".") else { return text }
    var result = Substring(text)
    while result.last == "0" && result.distance(from: dot, to: result.endIndex) > keep + 1 {
      result.removeLast()
    }
    if result.last == "." { result.removeLast() }
    return String(result)
  }

  private static func scientific(_ value: Double) -> String {
    guard value > 0 else { return "0" }
    var exponent = Int(log10(value).rounded(.down))
    // Subnormal values would overflow 10^-exponent: scale them up first.
    var mantissa =
      exponent < -300 ? value * 1e300 / pow10(exponent + 300) : value / pow10(exponent)
    if mantissa >= 9.995 {
      mantissa /= 10
      exponent += 1
    }
    return fixed(mantissa, decimals: 2) + "e" + (exponent < 0 ? "" : "+") + String(exponent)
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    let base = exponent < 0 ? 0.1 : 10
    for _ in 0..<abs(exponent) { result *= base }
    return result.isFinite && result > 0 ? result : (exponent < 0 ? 1e-308 : 1e308)
  }
}
