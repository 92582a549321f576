import CoinsModel
import CoinsSupport

/// The errors of a store kept as one JSON document through ``DocumentFile`` (the portfolio, the
/// alerts): each names the file and says what is wrong with it.
package protocol DocumentStoreError: Error {
  /// The file is there but is not a document this store can read.
  static func corrupt(path: String, detail: String) -> Self
  /// The file or its folder could not be read.
  static func unreadable(path: String, reason: String) -> Self
  /// The new file could not be written; the previous one is intact.
  static func writeFailed(path: String, reason: String) -> Self
}

extension AlertError: DocumentStoreError {}
extension PortfolioError: DocumentStoreError {}

extension DocumentFile.Failure {
  /// This failure as the store's own error about the file at `path`.
  package func reported<StoreError: DocumentStoreError>(at path: String) -> StoreError {
    switch self {
    case .unreadable(let reason): .unreadable(path: path, reason: reason)
    case .tooLarge(let limit):
      .corrupt(path: path, detail: "the file is larger than \(limit >> 20) MB")
    case .writeFailed(let reason): .writeFailed(path: path, reason: reason)
    }
  }
}

extension DocumentFile {
  /// The bytes of the file at `path` as JSON; bad syntax is the store's "corrupt" error.
  package static func json<StoreError: DocumentStoreError>(
    _ bytes: [UInt8], at path: String, as: StoreError.Type
  ) throws(StoreError) -> JSONValue {
    do {
      return try json(bytes)
    } catch {
      throw .corrupt(path: path, detail: "not valid JSON: \(error.description)")
    }
  }
}
