import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The alerts file, `$XDG_DATA_HOME/coins/alerts.json`, kept with the portfolio file's
/// guarantees (the same ``DocumentFile``: lock, temp file, flush, rename, `.bak`).
///
/// Whether a rule fires is decided inside ``update(_:)``, under the lock, so two checks at once
/// (a `watch` and a cron job) report a crossing once.
public struct AlertStore: Sendable {
  private let file: DocumentFile

  /// The store for the file at `url`.
  public init(url: URL) {
    file = DocumentFile(url: url)
  }

  /// The alerts file.
  public var url: URL { file.url }

  /// `$XDG_DATA_HOME/coins/alerts.json`, else `~/.local/share/coins/alerts.json`.
  public static func defaultURL(environment: [String: String]) -> URL {
    return DataFolder.file("alerts.json", environment: environment)
  }

  /// The rules; an absent file is an empty book.
  public func load() throws(AlertError) -> AlertBook {
    let bytes: [UInt8]?
    do {
      bytes = try file.read()
    } catch {
      throw error.reported(at: url.path)
    }
    return try bytes.map(decode) ?? AlertBook()
  }

  /// Applies `change` to the book under the lock and saves the result; when `change` throws,
  /// nothing is written.
  public func update<T>(_ change: (inout AlertBook) throws -> T) throws -> T {
    do {
      return try file.update { original in
        var book = try original.map(decode) ?? AlertBook()
        let result = try change(&book)
        return (Array(JSONValueWriter.write(AlertCodec.encode(book)).utf8), result)
      }
    } catch let error as DocumentFile.Failure {
      throw error.reported(at: url.path) as AlertError
    }
  }

  /// Checks the rules against `markets` (by currency) and saves their new states — deciding,
  /// under the lock, which fire, so two checks at once report a crossing once. When no market
  /// is fresh, nothing can fire and the file is not touched.
  public func check(markets: [String: MarketSnapshot], portfolio: Portfolio?, now: Date)
    throws -> AlertCheck.Outcome
  {
    guard markets.values.contains(where: { AlertCheck.isFresh($0, now: now) }) else {
      var book = try load()
      return AlertCheck.run(
        &book, markets: markets, portfolio: portfolio, now: now, spread: EveryCore())
    }
    return try update { book in
      AlertCheck.run(
        &book, markets: markets, portfolio: portfolio, now: now, spread: EveryCore())
    }
  }

  private func decode(_ bytes: [UInt8]) throws(AlertError) -> AlertBook {
    let document = try DocumentFile.json(bytes, at: url.path, as: AlertError.self)
    do {
      let (book, newer) = try AlertCodec.decode(document)
      if let newer { throw AlertError.newerVersion(path: url.path, version: newer) }
      return book
    } catch let error as AlertCodec.Invalid {
      throw .corrupt(path: url.path, detail: error.detail)
    } catch let error as AlertError {
      throw error
    } catch {
      throw .corrupt(path: url.path, detail: "\(error)")
    }
  }
}
