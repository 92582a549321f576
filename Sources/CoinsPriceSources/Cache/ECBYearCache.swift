import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ECB's fixings of closed years, one file per currency and year
/// (`<cache>/ecb-USD-2021.txt`, a line `2021-01-04 1.2296` per business day): a closed year's
/// fixings never change, so each is asked once. An empty file is a year the ECB published
/// nothing for that currency.
package struct ECBYearCache: Sendable {
  private let directory: URL

  /// Fixings kept in `directory`.
  package init(directory: URL) {
    self.directory = directory
  }

  /// The kept fixings of `currency` (upper-cased) in `year`, or `nil` when none are kept.
  package func load(_ currency: String, year: Int) -> [UTCDay: ExactDecimal]? {
    guard let data = FileManager.default.contents(atPath: file(currency, year).path) else {
      return nil
    }
    var rates: [UTCDay: ExactDecimal] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let day = UTCDay(iso: parts[0]),
        let value = ExactDecimal.parsed(String(parts[1]))
      else { return nil }
      rates[day] = value
    }
    return rates
  }

  /// Keeps `rates`, the fixings of `currency` in the closed `year`.
  package func store(_ currency: String, year: Int, _ rates: [UTCDay: ExactDecimal]) {
    let text = rates.keys.sorted().map { "\($0) \(rates[$0]?.text ?? "")\n" }.joined()
    try? Folder.create(directory)
    try? AtomicFile.write(Array(text.utf8), to: file(currency, year), durable: false)
  }

  private func file(_ currency: String, _ year: Int) -> URL {
    directory.appendingPathComponent("ecb-\(SafeName.of(currency.uppercased()))-\(year).txt")
  }
}
