#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why one of coins' small files (the favourites, the ticker map) cannot be read or written:
/// one line for the user.
public struct DocumentFailure: Error, Equatable {
  /// Without the `Error: ` prefix.
  public var message: String

  /// A failure saying `message`.
  public init(message: String) {
    self.message = message
  }
}

/// A small JSON file of coins' own, read and rewritten whole through ``DocumentFile`` (lock,
/// temp file, flush, rename, `.bak`), whose failures are one line naming it: `The favourites
/// file <path> cannot be read: …`.
struct NamedDocument: Sendable {
  /// The file.
  let file: DocumentFile
  /// How a sentence names it: `The favourites file`.
  let name: String

  var url: URL { file.url }

  /// What `decode` makes of the file's bytes; `nil` when there is no file.
  func read<Value>(_ decode: ([UInt8]) throws(DocumentFailure) -> Value) throws(DocumentFailure)
    -> Value?
  {
    do {
      return try file.read().map(decode)
    } catch let error as DocumentFile.Failure {
      throw failure(error)
    } catch {
      throw error as? DocumentFailure ?? DocumentFailure(message: "\(error)")
    }
  }

  /// Rewrites the file under its lock with what `change` makes of its bytes (`nil`: no file
  /// yet), returning `change`'s value; when `change` throws, nothing is written.
  func update<Value>(
    _ change: ([UInt8]?) throws(DocumentFailure) -> (bytes: [UInt8], value: Value)
  ) throws(DocumentFailure) -> Value {
    do {
      return try file.update { original in
        let changed = try change(original)
        return (changed.bytes, changed.value)
      }
    } catch let error as DocumentFile.Failure {
      throw failure(error)
    } catch {
      throw error as? DocumentFailure ?? DocumentFailure(message: "\(error)")
    }
  }

  /// A file coins cannot make sense of, left as it was: `detail` says why.
  func corrupt(_ detail: String) -> DocumentFailure {
    DocumentFailure(
      message: "\(name) \(url.path) cannot be read: \(detail). It was left unchanged.")
  }

  private func failure(_ error: DocumentFile.Failure) -> DocumentFailure {
    switch error {
    case .unreadable(let reason):
      DocumentFailure(message: "\(name) \(url.path) cannot be read: \(reason).")
    case .tooLarge:
      DocumentFailure(message: "\(name) \(url.path) is too large to be one coins wrote.")
    case .writeFailed(let reason):
      DocumentFailure(
        message: "\(name) \(url.path) could not be written: \(reason). Nothing was changed.")
    }
  }
}
