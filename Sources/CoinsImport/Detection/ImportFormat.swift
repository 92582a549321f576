import CoinsModel

/// One kind of export (`kraken`, `coinbase`, …): its header versions and their readers.
public struct ImportFormat: Sendable {
  /// The name `--format` takes (`kraken`).
  public let id: String
  /// The name people know it by (`Kraken ledgers or trades`).
  public let title: String
  /// The header layouts it knows, the most specific first.
  let versions: [FormatVersion]

  init(_ id: String, _ title: String, _ versions: [FormatVersion]) {
    self.id = id
    self.title = title
    self.versions = versions
  }

  /// The names of the layouts it knows (`ledgers v1`, `trades`).
  public var versionNames: [String] { versions.map(\.name) }

  /// The format `--format` names (any case), or `nil`.
  public static func named(_ name: String) -> ImportFormat? {
    all.first { $0.id.caseInsensitiveEquals(name.trimmedCell) }
  }

  /// Every format, in the order headers are tried.
  public static var all: [ImportFormat] { ImportFormats.all }
}
