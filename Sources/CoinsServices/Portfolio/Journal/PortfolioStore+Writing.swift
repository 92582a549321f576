import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioStore {
  /// The portfolio as the file held it, and the version it was in.
  typealias Decoded = (portfolio: Portfolio, version: Int)

  /// The one write path of the portfolio file: under the lock, `make` is handed the file's
  /// bytes (`nil`: no file) and its portfolio, and returns the new bytes, the portfolio they
  /// hold and a result. Unless the bytes are the same, the change is appended to the
  /// ``journal`` — numbered, dated, with ``commandLine`` — and only then is the file replaced
  /// (the crash rule in ``PortfolioJournal``). When `make` throws, nothing is written.
  func write<T>(
    after earlier: PortfolioRead? = nil,
    onUpgrade: (_ fromVersion: Int, _ keptAt: URL) -> Void = { _, _ in },
    _ make: (_ original: [UInt8]?, _ read: Decoded?) throws -> PortfolioWrite<T>
  ) throws -> T {
    var upgradedFrom: Int?
    var undoes: Int?
    var old = Portfolio()
    var new = Portfolio()
    let result: T
    do {
      result = try file.update(
        keepOriginal: { upgradedFrom.map(keptURL) },
        beforeWriting: { original, content in
          guard !CommonBytes.same(original, content) else { return }
          try journalChange(from: original, old, to: content, new, undoes: undoes)
        }
      ) { original in
        let read = try original.map { bytes -> Decoded in
          if let earlier, CommonBytes.same(earlier.bytes, bytes) {
            return (earlier.portfolio, earlier.version)
          }
          return try decodeWithVersion(bytes)
        }
        let made = try make(original, read)
        if let version = read?.version, version < Portfolio.formatVersion {
          upgradedFrom = version
        }
        old = read?.portfolio ?? Portfolio()
        new = made.portfolio
        undoes = made.undoes
        return (made.content, made.result)
      }
    } catch let error as DocumentFile.Failure {
      throw naming(error.reported(at: url.path))
    }
    if let upgradedFrom { onUpgrade(upgradedFrom, keptURL(version: upgradedFrom)) }
    return result
  }

  /// Appends the entry of the change from `original` (holding `old`) to `content` (`new`).
  private func journalChange(
    from original: [UInt8]?, _ old: Portfolio, to content: [UInt8], _ new: Portfolio,
    undoes: Int?
  ) throws(DocumentFile.Failure) {
    let diff = PortfolioDiff(from: old, to: new)
    let before = original.map(FileStamp.init(of:))
    let date = now()
    try journal.append(
      { number in
        JournalEntry(
          number: number, date: date, commandLine: commandLine, before: before,
          after: FileStamp(of: content), splice: ByteSplice(from: original ?? [], to: content),
          added: diff.added, removed: diff.removed, replaced: diff.replaced,
          referenced: diff.referenced, previousRest: diff.previousRest,
          undoes: undoes)
      }, current: before)
  }
}

/// What a write to the portfolio file makes: the new bytes, the portfolio they hold, the
/// caller's result, and — for an undo — the change it takes back.
struct PortfolioWrite<T> {
  var content: [UInt8]
  var portfolio: Portfolio
  var result: T
  var undoes: Int? = nil
}
