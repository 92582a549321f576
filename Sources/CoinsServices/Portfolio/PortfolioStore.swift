import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio file on disk: read it, and change it so that nothing is ever lost.
///
/// Every change holds an exclusive lock (`portfolio.json.lock`) around the whole
/// read-modify-write, writes a temp file in the same folder, flushes it, renames it over the
/// file, and keeps the previous version as `portfolio.json.bak`. A file that cannot be read is
/// reported and never overwritten.
///
/// A file of an earlier version (1: lots; 2: transactions without income, exchange ids or
/// wallets) reads as the current one, and is rewritten in it only by the next change, which
/// first keeps its bytes as `portfolio.json.v1` or `portfolio.json.v2`.
public struct PortfolioStore: Sendable {
  /// The portfolio file.
  public let url: URL

  /// The command line a change is journaled with (``journal``), as typed.
  public var commandLine: [String] = []
  /// The clock a change is journaled with.
  public var now: @Sendable () -> Date = { Date() }

  /// A store for the file at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The journal of this file's changes, beside it (`portfolio.json.journal`).
  public var journal: PortfolioJournal { PortfolioJournal(portfolioURL: url) }

  /// `--file`, else `COINS_PORTFOLIO`, else `$XDG_DATA_HOME/coins/portfolio.json`, else
  /// `~/.local/share/coins/portfolio.json`.
  public static func defaultURL(environment: [String: String], explicitPath: String? = nil) -> URL {
    if let explicitPath, !explicitPath.isEmpty { return URL(fileURLWithPath: explicitPath) }
    if let path = environment["COINS_PORTFOLIO"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return DataFolder.file("portfolio.json", environment: environment)
  }

  /// Where a version-1 file's bytes are kept when it is first rewritten in the current version.
  public var versionOneURL: URL { keptURL(version: 1) }

  /// Where a version-2 file's bytes are kept when it is first rewritten in the current version.
  public var versionTwoURL: URL { keptURL(version: 2) }

  /// Where the bytes of a file of an earlier `version` are kept (`portfolio.json.v<version>`).
  public func keptURL(version: Int) -> URL { URL(fileURLWithPath: url.path + ".v\(version)") }

  /// The text `coins` writes for `portfolio` (the current format version).
  package static func text(of portfolio: Portfolio) -> String {
    PortfolioCodec.text(of: portfolio)
  }

  /// The file with the portfolio file's guarantees (lock, temp file, flush, rename, `.bak`).
  var file: DocumentFile {
    DocumentFile(url: url, companions: (1..<Portfolio.formatVersion).map(keptURL))
  }

  /// The portfolio; an absent file is an empty portfolio.
  public func load() throws(PortfolioError) -> Portfolio {
    try read().portfolio
  }

  /// The portfolio with the bytes it was read from, for a change made right after
  /// (``update(after:onUpgrade:_:)``); an absent file is an empty portfolio.
  public func read() throws(PortfolioError) -> PortfolioRead {
    let bytes: [UInt8]?
    do {
      bytes = try file.read()
    } catch {
      throw naming(error.reported(at: url.path))
    }
    guard let bytes else { return PortfolioRead(portfolio: Portfolio(), bytes: nil, version: 0) }
    let (portfolio, version) = try decodeWithVersion(bytes)
    return PortfolioRead(portfolio: portfolio, bytes: bytes, version: version)
  }

  /// Applies `change` to the portfolio under the lock and saves the result; when `change`
  /// throws, nothing is written. When the file was of an earlier version, its bytes are first
  /// kept at ``keptURL(version:)`` and `onUpgrade` is called with that version and place (once:
  /// the file is in the current version afterwards). When the file is still byte for byte what
  /// `earlier` read, `earlier`'s portfolio is changed instead of decoding the file again. The
  /// change is journaled (``journal``).
  @discardableResult
  public func update<T>(
    after earlier: PortfolioRead? = nil,
    onUpgrade: (_ fromVersion: Int, _ keptAt: URL) -> Void = { _, _ in },
    _ change: (inout Portfolio) throws -> T
  ) throws -> T {
    try write(after: earlier, onUpgrade: onUpgrade) { _, read in
      var portfolio = read?.portfolio ?? Portfolio()
      let result = try change(&portfolio)
      portfolio.assignMissingIDs()
      return PortfolioWrite(
        content: PortfolioCodec.bytes(of: portfolio), portfolio: portfolio, result: result)
    }
  }

  /// Saves `changed` — `earlier`'s portfolio with a change made to it outside the lock, and
  /// that change's result — when the file is still byte for byte (or still not) what `earlier`
  /// read, without making the change again; else applies `change` to the file as it is then, as
  /// ``update(after:onUpgrade:_:)`` does. Either way the result is the saved change's.
  public func update<T>(
    after earlier: PortfolioRead, reusing changed: (portfolio: Portfolio, result: T),
    onUpgrade: (_ fromVersion: Int, _ keptAt: URL) -> Void = { _, _ in },
    _ change: (inout Portfolio) throws -> T
  ) throws -> T {
    try write(after: earlier, onUpgrade: onUpgrade) { original, read in
      var portfolio: Portfolio
      let result: T
      if CommonBytes.same(original, earlier.bytes) {
        (portfolio, result) = changed
      } else {
        portfolio = read?.portfolio ?? Portfolio()
        result = try change(&portfolio)
      }
      portfolio.assignMissingIDs()
      return PortfolioWrite(
        content: PortfolioCodec.bytes(of: portfolio), portfolio: portfolio, result: result)
    }
  }

  /// The portfolio (every transaction with an id) and the version the file was in.
  func decodeWithVersion(_ bytes: [UInt8]) throws(PortfolioError)
    -> (portfolio: Portfolio, version: Int)
  {
    do {
      var (portfolio, version) = try PortfolioCodec.decodeWithVersion(bytes)
      if version > Portfolio.formatVersion {
        throw PortfolioError.newerVersion(path: url.path, version: version)
      }
      portfolio.assignMissingIDs()
      return (portfolio, version)
    } catch let error as PortfolioCodec.Invalid {
      throw naming(.corrupt(path: url.path, detail: error.detail))
    } catch let error as PortfolioError {
      throw error
    } catch {
      throw naming(.corrupt(path: url.path, detail: "\(error)"))
    }
  }

  /// `error`, pointing to the `.bak` as the way back when one is beside a corrupt file.
  func naming(_ error: PortfolioError) -> PortfolioError {
    guard case .corrupt(let path, let detail) = error,
      FileManager.default.fileExists(atPath: file.backupURL.path)
    else { return error }
    return .corruptWithBackup(path: path, detail: detail)
  }
}

/// A portfolio as ``PortfolioStore/read()`` read it, with the bytes it came from.
public struct PortfolioRead: Sendable {
  /// The portfolio.
  public let portfolio: Portfolio
  /// The file's bytes; `nil` when there was no file.
  let bytes: [UInt8]?
  /// The format version the file was in (0 when there was none).
  let version: Int
}
