import CoinsTestSupport
import Foundation

/// How many cases each fuzz test runs: a few hundred to a few thousand in `swift test`, more
/// with `COINS_FUZZ_ITERATIONS` (e.g. `COINS_FUZZ_ITERATIONS=200000 swift test --filter Fuzz`).
enum FuzzBudget {
  /// The cases for a test whose default is `standard`.
  static func iterations(standard: Int) -> Int {
    let asked = ProcessInfo.processInfo.environment["COINS_FUZZ_ITERATIONS"].flatMap { Int($0) }
    return max(1, asked ?? standard)
  }

  /// The first seed; `COINS_FUZZ_SEED` picks another run.
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["COINS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x636F_696E_73
  }
}

/// Ways to damage an input: byte flips, insertions, deletions, truncation, splices of
/// interesting tokens, and duplication of a slice.
enum FuzzMutator {
  /// Tokens that tend to reach the corners of a JSON reader.
  static let tokens: [[UInt8]] = [
    "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "null",
    "true", "false", "-", "0", "-0", "1e999", "1e-999", "NaN", "Infinity", "0x1F", "01", "1.",
    ".5", "1e", "9999999999999999999999999999", "\u{FEFF}", "\u{1B}[31m", "\u{202E}", "🚀", "币",
    "\n", "\t", "\r", "\u{00}", "\u{7F}", "\"version\"", "\"holdings\"", "\"lots\"", "\"amount\"",
    "\"id\"", "\"current_price\"", "\"sparkline_in_7d\"",
  ].map { Array($0.utf8) }

  /// `bytes` damaged 1–4 times.
  static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
    var output = bytes
    for _ in 0...random.below(4) {
      let position = random.below(output.count + 1)
      switch random.below(7) {
      case 0 where !output.isEmpty:
        output[min(position, output.count - 1)] ^= UInt8(1 << random.below(8))
      case 1:
        output.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
      case 2 where !output.isEmpty:
        let end = min(output.count, position + 1 + random.below(16))
        output.removeSubrange(min(position, output.count - 1)..<end)
      case 3:
        output = Array(output.prefix(position))
      case 4, 5:
        output.insert(contentsOf: random.pick(tokens), at: position)
      default:
        guard !output.isEmpty else { continue }
        let start = random.below(output.count)
        let slice = output[start..<min(output.count, start + 1 + random.below(64))]
        output.insert(contentsOf: slice, at: position)
      }
    }
    return output
  }

  /// Random bytes, biased towards JSON's alphabet.
  static func randomBytes(_ random: inout SeededRandom, maxCount: Int = 256) -> [UInt8] {
    let alphabet = Array("{}[]:,\"\\ 0123456789.-+eEtrufalsn".utf8)
    return (0..<random.below(maxCount)).map { _ in
      random.below(3) == 0 ? UInt8(truncatingIfNeeded: random.next()) : random.pick(alphabet)
    }
  }

  /// A hex dump for failure messages, cut to `limit` bytes.
  static func hex(_ bytes: [UInt8], limit: Int = 96) -> String {
    bytes.prefix(limit).map { String(format: "%02x", $0) }.joined()
      + (bytes.count > limit ? "…(\(bytes.count) bytes)" : "")
  }
}

/// Scalars that must never reach a terminal raw, as in the end-to-end tests.
func fuzzRawControls(in text: String) -> [Unicode.Scalar] {
  text.unicodeScalars.filter { scalar in
    (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
