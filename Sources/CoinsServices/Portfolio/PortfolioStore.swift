import CoinsModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("coins/portfolio.json")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/coins/portfolio.json")
  }

  var backupURL: URL { URL(fileURLWithPath: url.path + ".bak") }
  var lockURL: URL { URL(fileURLWithPath: url.path + ".lock") }
  /// Where a version-1 file's bytes are kept when it is first rewritten as version 2.
  public var versionOneURL: URL { URL(fileURLWithPath: url.path + ".v1") }

  /// The text `coins` writes for `portfolio` (the current format version).
  package static func text(of portfolio: Portfolio) -> String {
    JSONValueWriter.write(PortfolioCodec.encode(portfolio))
  }

  /// The portfolio; an absent file is an empty portfolio.
  public func load() throws(PortfolioError) -> Portfolio {
    guard let bytes = try readBytes() else { return Portfolio() }
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
    try createFolder()
    let lock = try FileLock(path: lockURL.path)
    defer { lock.release() }
    removeAbandonedTempFiles()
    let original = try readBytes()
    let read = try original.map(decodeWithVersion)
    var portfolio = read?.portfolio ?? Portfolio()
    let result = try change(&portfolio)
    portfolio.assignMissingIDs()
    let text = JSONValueWriter.write(PortfolioCodec.encode(portfolio))
    let upgrading = original != nil && read?.version == 1
    var keptVersionOne = false
    do {
      if let original {
        try AtomicFile.write(Data(original), to: backupURL, permissions: 0o600)
      }
      if let original, upgrading {
        try AtomicFile.write(Data(original), to: versionOneURL, permissions: 0o600)
        keptVersionOne = true
      }
      try AtomicFile.write(Data(text.utf8), to: url, permissions: 0o600)
    } catch let error as AtomicFile.WriteError {
      // The file stays version 1, so the copy made for its upgrade goes too.
      if keptVersionOne { try? FileManager.default.removeItem(at: versionOneURL) }
      throw PortfolioError.writeFailed(path: url.path, reason: error.reason)
    }
    if upgrading { onUpgrade(versionOneURL) }
    return result
  }

  /// Temp files a writer killed mid-write left behind. Only called under the lock, when no
  /// other writer can be using one.
  private func removeAbandonedTempFiles() {
    let folder = url.deletingLastPathComponent()
    let prefixes = [url, backupURL, versionOneURL].map { ".\($0.lastPathComponent).tmp." }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for name in names where prefixes.contains(where: name.hasPrefix) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  private func createFolder() throws(PortfolioError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .writeFailed(path: url.path, reason: "cannot create the folder \(folder.path)")
    }
  }

  /// The file's bytes, or `nil` when there is no file.
  private func readBytes() throws(PortfolioError) -> [UInt8]? {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[0..<count]
      if bytes.count > 64 * 1024 * 1024 {
        throw .corrupt(path: url.path, detail: "the file is larger than 64 MB")
      }
    }
    return bytes
  }

  private func decode(_ bytes: [UInt8]) throws(PortfolioError) -> Portfolio {
    try decodeWithVersion(bytes).portfolio
  }

  /// The portfolio (every transaction with an id) and the version the file was in.
  private func decodeWithVersion(_ bytes: [UInt8]) throws(PortfolioError)
    -> (portfolio: Portfolio, version: Int)
  {
    let document: JSONValue
    do {
      let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
      document = try JSONValueParser.parse(hasBOM ? Array(bytes.dropFirst(3)) : bytes)
    } catch {
      throw .corrupt(path: url.path, detail: "not valid JSON: \(error.description)")
    }
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
