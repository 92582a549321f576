/// What can go wrong with the alerts file or a change to it.
public enum AlertError: Error, Equatable {
  /// The file is not JSON or not an alerts file; nothing was changed.
  case corrupt(path: String, detail: String)
  /// The file was written by a newer `coins`.
  case newerVersion(path: String, version: Int)
  /// The file or its folder could not be read.
  case unreadable(path: String, reason: String)
  /// The file could not be written; the previous one is intact.
  case writeFailed(path: String, reason: String)
  /// No rule has this id.
  case noSuchAlert(id: String)

  /// One line for the user, without the `Error: ` prefix.
  public var message: String {
    switch self {
    case .corrupt(let path, let detail):
      return Sentence.ended("The alerts file \(path) cannot be read: \(detail)")
        + " It was left unchanged; fix it by hand or restore \(path).bak."
    case .newerVersion(let path, let version):
      return "The alerts file \(path) has format version \(version), written by a newer "
        + "coins (this one reads version \(AlertBook.formatVersion)). It was left unchanged."
    case .unreadable(let path, let reason):
      return Sentence.ended("The alerts file \(path) cannot be read: \(reason)")
    case .writeFailed(let path, let reason):
      return Sentence.ended("The alerts file \(path) could not be written: \(reason)")
        + " Nothing was changed."
    case .noSuchAlert(let id):
      return "No alert has the id '\(Sanitizer.printable(id))'. `coins alert list` shows them."
    }
  }
}
