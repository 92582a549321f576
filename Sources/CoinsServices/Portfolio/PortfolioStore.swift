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

  /// The portfolio; an absent file is an empty portfolio.
  public func load() throws(PortfolioError) -> Portfolio {
    guard let bytes = try readBytes() else { return Portfolio() }
    return try decode(bytes)
  }

  /// Applies `change` to the portfolio under the lock and saves the result; when `change`
  /// throws, nothing is written.
  public func update<T>(_ change: (inout Portfolio) throws -> T) throws -> T {
    try createFolder()
    let lock = try FileLock(path: lockURL.path)
    defer { lock.release() }
    removeAbandonedTempFiles()
    let original = try readBytes()
    var portfolio = try original.map(decode) ?? Portfolio()
    let result = try change(&portfolio)
    let text = JSONValueWriter.write(PortfolioCodec.encode(portfolio))
    do {
      if let original {
        try AtomicFile.write(Data(original), to: backupURL, permissions: 0o600)
      }
      try AtomicFile.write(Data(text.utf8), to: url, permissions: 0o600)
    } catch let error as AtomicFile.WriteError {
      throw PortfolioError.writeFailed(path: url.path, reason: error.reason)
    }
    return result
  }

  /// Temp files a writer killed mid-write left behind. Only called under the lock, when no
  /// other writer can be using one.
  private func removeAbandonedTempFiles() {
    let folder = url.deletingLastPathComponent()
    let prefixes = [url.lastPathComponent, backupURL.lastPathComponent].map { ".\($0).tmp." }
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
    let document: JSONValue
    do {
      let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
      document = try JSONValueParser.parse(hasBOM ? Array(bytes.dropFirst(3)) : bytes)
    } catch {
      throw .corrupt(path: url.path, detail: "not valid JSON: \(error.description)")
    }
    do {
      let (portfolio, newer) = try PortfolioCodec.decode(document)
      if let newer { throw PortfolioError.newerVersion(path: url.path, version: newer) }
      return portfolio
    } catch let error as PortfolioCodec.Invalid {
      throw .corrupt(path: url.path, detail: error.detail)
    } catch let error as PortfolioError {
      throw error
    } catch {
      throw .corrupt(path: url.path, detail: "\(error)")
    }
  }
}
