import CoinsModel
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Your imported prices, kept in `prices.json` in the data folder (they are your data, not a
/// cache), with the portfolio file's guarantees (``DocumentFile``: a lock, a temp file renamed
/// over, the previous version as `.bak`):
/// `{"version":1,"series":[{"coin":"btc","currency":"USD","file":"…","carriesForward":false,
/// "prices":{"2021-05-01":"57714.66",…}},…]}`, the most recently imported series last.
package struct OwnPriceStore: Sendable {
  /// Why the file cannot be read or written: one line for the user.
  package struct Failure: Error, Equatable, Sendable {
    /// Without the `Error: ` prefix.
    package var message: String

    /// A failure saying `message`.
    package init(message: String) {
      self.message = message
    }
  }

  private let file: DocumentFile

  /// The store at `url`.
  package init(url: URL) {
    file = DocumentFile(url: url)
  }

  /// The store in the data folder of `environment`.
  package init(environment: [String: String]) {
    self.init(url: DataFolder.file("prices.json", environment: environment))
  }

  /// The file.
  package var url: URL { file.url }

  /// Every series kept, the most recently imported last; no file means none.
  package func load() throws(Failure) -> [OwnPriceSeries] {
    do {
      return try file.read().map(decode) ?? []
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(message: "The prices file \(url.path) cannot be read: \(error).")
    }
  }

  /// Keeps `series`, each over an earlier import of the same file for the same coin and
  /// currency.
  package func add(_ series: [OwnPriceSeries]) throws(Failure) {
    _ = try change { kept in
      let replaced = Set(series.map { "\($0.coin) \($0.currency) \($0.file)" })
      kept.removeAll { replaced.contains("\($0.coin) \($0.currency) \($0.file)") }
      kept += series
      return series.count
    }
  }

  /// Drops the prices of `coin` (as imported: ticker or id) on the days from `from` to `to`
  /// (either open), returning how many days' prices went.
  @discardableResult
  package func remove(coin: String, from: UTCDay? = nil, to: UTCDay? = nil) throws(Failure) -> Int {
    let coin = coin.lowercased()
    return try change { kept in
      var removed = 0
      for index in kept.indices where kept[index].coin == coin {
        let days = kept[index].prices.keys.filter { day in
          (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
        }
        for day in days { kept[index].prices[day] = nil }
        removed += days.count
      }
      kept.removeAll { $0.prices.isEmpty }
      return removed
    }
  }

  private func change(_ body: (inout [OwnPriceSeries]) -> Int) throws(Failure) -> Int {
    do {
      return try file.update { original in
        var kept = try original.map(decode) ?? []
        let result = body(&kept)
        return (Array(Self.encode(kept).utf8), result)
      }
    } catch let failure as Failure {
      throw failure
    } catch let failure as DocumentFile.Failure {
      throw Failure(
        message:
          "The prices file \(url.path) could not be written: \(failure). Nothing was changed.")
    } catch {
      throw Failure(message: "The prices file \(url.path) could not be written: \(error).")
    }
  }

  private func decode(_ bytes: [UInt8]) throws(Failure) -> [OwnPriceSeries] {
    func corrupt(_ detail: String) -> Failure {
      Failure(
        message: "The prices file \(url.path) cannot be read: \(detail). It was left unchanged.")
    }
    guard let document = try? DocumentFile.json(bytes), let entries = document["series"]?.arrayValue
    else { throw corrupt("not a JSON object with \"series\"") }
    var series: [OwnPriceSeries] = []
    for entry in entries {
      guard let coin = entry["coin"]?.stringValue, let currency = entry["currency"]?.stringValue,
        let name = entry["file"]?.stringValue, let prices = entry["prices"]?.objectMembers
      else { throw corrupt("a series lacks its coin, currency, file or prices") }
      var days: [UTCDay: ExactDecimal] = [:]
      days.reserveCapacity(prices.count)
      for member in prices {
        guard let day = UTCDay(iso: member.key), let price = DecimalText.value(member.value) else {
          throw corrupt("\(coin) has a price that is not a day and a number")
        }
        days[day] = price
      }
      let carries = entry["carriesForward"] == .bool(true)
      series.append(
        OwnPriceSeries(
          coin: coin, currency: currency, file: name, carriesForward: carries, prices: days))
    }
    return series
  }

  private static func encode(_ series: [OwnPriceSeries]) -> String {
    let entries = series.map { one in
      JSONValue.object([
        JSONMember("coin", .string(one.coin)),
        JSONMember("currency", .string(one.currency)),
        JSONMember("file", .string(one.file)),
        JSONMember("carriesForward", .bool(one.carriesForward)),
        JSONMember(
          "prices",
          .object(
            one.prices.keys.sorted().map {
              JSONMember("\($0)", .string(one.prices[$0]?.text ?? ""))
            })),
      ])
    }
    return JSONValueWriter.write(
      .object([JSONMember("version", .number("1")), JSONMember("series", .array(entries))]))
  }
}
