import CoinsModel
import FoundationEssentials

/// The portfolio file on disk: read it, and change it so that nothing is ever lost.
///
/// Every change holds an exclusive lock (`portfolio.json.lock`) around the whole
/// read-modify-write, writes a temp file in the same folder, flushes it, renames it over the
/// file, and keeps the previous version as `portfolio.json.bak`. A file that cannot be read is
/// reported and never overwritten.
///
/// A version-1 file reads as version 2 (its lots as buys, given ids in file order) and is
/// rewritten as version 2 only by the next change, which first keeps its bytes as
/// `portfolio.json.v1`.
public struct PortfolioStore: Sendable {
  /// The portfolio file.
  public let url: URL

  /// A store for the file at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// `--file`, else `COINS_PORTFOLIO`, else `$XDG_DATA_HOME/coins/portfolio.json`, else
  /// `~/.local/share/coins/portfolio.json`.
  public static func defaultURL(environment: [String: String], explicitPath: String? = nil) -> URL {
    if let explicitPath, !explicitPath.isEmpty { return URL(fileURLWithPath: explicitPath) }
    if let path = environment["COINS_PORTFOLIO"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return DataFolder.file("portfolio.json", environment: environment)
  }

  /// Where a version-1 file's bytes are kept when it is first rewritten as version 2.
  public var versionOneURL: URL { URL(fileURLWithPath: url.path + ".v1") }

  /// The text `coins` writes for `portfolio` (the current format version).
  package static func text(of portfolio: Portfolio) -> String {
    JSONValueWriter.write(PortfolioCodec.encode(portfolio))
  }

  /// The file with the portfolio file's guarantees (lock, temp file, flush, rename, `.bak`).
  private var file: DocumentFile { DocumentFile(url: url, companions: [versionOneURL]) }

  /// The portfolio; an absent file is an empty portfolio.
  public func load() throws(PortfolioError) -> Portfolio {
    let bytes: [UInt8]?
    do {
      bytes = try file.read()
    } catch {
      throw error.reported(at: url.path)
    }
    guard let bytes else { return Portfolio() }
    return try decode(bytes)
  }

  /// Applies `change` to the portfolio under the lock and saves the result; when `change`
  /// throws, nothing is written. When the file was version 1, its bytes are first kept at
  /// ``versionOneURL`` and `onUpgrade` is called with that place (once: the file is version 2
  /// afterwards).
  public func update<T>(
    onUpgrade: (_ versionOneKeptAt: URL) -> Void = { _ in },
    _ change: (inout Portfolio) throws -> T
  ) throws -> T {
    var upgrading = false
    let result: T
    do {
      result = try file.update(keepOriginal: { upgrading ? versionOneURL : nil }) { original in
        let read = try original.map(decodeWithVersion)
        var portfolio = read?.portfolio ?? Portfolio()
        let result = try change(&portfolio)
        portfolio.assignMissingIDs()
        upgrading = original != nil && read?.version == 1
        return (Array(Self.text(of: portfolio).utf8), result)
      }
    } catch let error as DocumentFile.Failure {
      throw error.reported(at: url.path) as PortfolioError
    }
    if upgrading { onUpgrade(versionOneURL) }
    return result
  }

  private func decode(_ bytes: [UInt8]) throws(PortfolioError) -> Portfolio {
    try decodeWithVersion(bytes).portfolio
  }

  /// The portfolio (every transaction with an id) and the version the file was in.
  private func decodeWithVersion(_ bytes: [UInt8]) throws(PortfolioError)
    -> (portfolio: Portfolio, version: Int)
  {
    let document = try DocumentFile.json(bytes, at: url.path, as: PortfolioError.self)
    do {
      var (portfolio, version) = try PortfolioCodec.decodeWithVersion(document)
      if version > Portfolio.formatVersion {
        throw PortfolioError.newerVersion(path: url.path, version: version)
      }
      portfolio.assignMissingIDs()
      return (portfolio, version)
    } catch let error as PortfolioCodec.Invalid {
      throw .corrupt(path: url.path, detail: error.detail)
    } catch let error as PortfolioError {
      throw error
    } catch {
      throw .corrupt(path: url.path, detail: "\(error)")
    }
  }
}
