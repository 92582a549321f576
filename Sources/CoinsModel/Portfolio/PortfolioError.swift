import FoundationEssentials

/// What can go wrong with the portfolio file or a change to it.
public enum PortfolioError: Error, Sendable, Equatable {
  /// The file is not JSON or not a portfolio; nothing was changed.
  case corrupt(path: String, detail: String)
  /// The file was written by a newer `coins`.
  case newerVersion(path: String, version: Int)
  /// The file or its folder could not be read.
  case unreadable(path: String, reason: String)
  /// The file could not be written; the previous one is intact.
  case writeFailed(path: String, reason: String)
  /// Removing a coin that is not held.
  case notHeld(String)
  /// Removing more than is held.
  case removingMoreThanHeld(id: String, held: Decimal, asked: Decimal)

  /// One line for the user, without the `Error: ` prefix.
  public var message: String {
    switch self {
    case .corrupt(let path, let detail):
      return Sentence.ended("The portfolio file \(path) cannot be read: \(detail)")
        + " It was left unchanged; fix it by hand or restore \(path).bak."
    case .newerVersion(let path, let version):
      return "The portfolio file \(path) has format version \(version), written by a newer "
        + "coins (this one reads version \(Portfolio.formatVersion)). It was left unchanged."
    case .unreadable(let path, let reason):
      return Sentence.ended("The portfolio file \(path) cannot be read: \(reason)")
    case .writeFailed(let path, let reason):
      return Sentence.ended("The portfolio file \(path) could not be written: \(reason)")
        + " Nothing was changed."
    case .notHeld(let id):
      return "The portfolio holds no \(id)."
    case .removingMoreThanHeld(let id, let held, let asked):
      return "Cannot remove \(asked) \(id): the portfolio holds only \(held). Nothing was changed."
    }
  }

}
