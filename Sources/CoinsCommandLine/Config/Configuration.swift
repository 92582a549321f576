import CoinsModel
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings of `$XDG_CONFIG_HOME/coins/config.toml`, checked: each known key's option text
/// and line, warnings for what is ignored, or the error that makes the file unusable.
package struct Configuration: Sendable, Equatable {
  /// A setting the file holds.
  package struct Setting: Sendable, Equatable {
    /// The option text it stands for (`eur`, `true`, `30`).
    var text: String
    /// Its line in the file.
    var line: Int

    /// Each member as given.
    package init(text: String, line: Int) {
      self.text = text
      self.line = line
    }
  }

  /// A setting with the file it is in.
  package struct Located: Sendable, Equatable {
    /// The option text (`xyz`).
    var text: String
    /// The config file's path.
    var path: String
    /// The setting's line in it.
    var line: Int
  }

  /// The file's path.
  var path: String
  /// Whether the file exists.
  var exists = false
  /// The settings by key path (`currency`, `top.count`).
  package var settings: [String: Setting] = [:]
  /// Unknown keys and the like: printed, then ignored.
  package var warnings: [String] = []

  /// `$XDG_CONFIG_HOME/coins/config.toml`, else `~/.config/coins/config.toml`.
  static func path(environment: [String: String]) -> String {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return xdg + "/coins/config.toml"
    }
    return DataFolder.home(environment: environment) + "/.config/coins/config.toml"
  }

  /// The file read and checked; a missing file is an empty configuration. A file that cannot
  /// be read, has bad syntax or a bad value is an error naming its line and column.
  static func load(environment: [String: String]) -> Result<Configuration, ConfigurationError> {
    let path = path(environment: environment)
    guard FileManager.default.fileExists(atPath: path) else { return .success(.init(path: path)) }
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      return .failure(ConfigurationError(message: "\(path) cannot be read as UTF-8 text."))
    }
    var facts = stat()
    let readableByOthers = stat(path, &facts) == 0 && facts.st_mode & 0o077 != 0
    return parse(text, path: path, readableByOthers: readableByOthers)
  }

  /// Checks a file's text against ``ConfigKey/all``.
  package static func parse(_ text: String, path: String, readableByOthers: Bool = false)
    -> Result<Configuration, ConfigurationError>
  {
    let document: TOMLDocument
    do {
      document = try TOMLDocument(parsing: text)
    } catch {
      return .failure(
        ConfigurationError(
          message: "\(path), line \(error.line), column \(error.column): \(error.message)."))
    }
    var configuration = Configuration(path: path, exists: true)
    let known = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.path, $0) })
    let otherSales = document.entries.filter { $0.table == ConfigKey.otherPrivateSalesTable }
    if let first = otherSales.first {
      do {
        configuration.settings[ConfigKey.otherPrivateSalesTable] = Setting(
          text: try ConfigKey.otherPrivateSales(otherSales), line: first.line)
      } catch {
        return .failure(
          ConfigurationError(
            message: "\(path), line \(first.line), column \(first.column): "
              + error.message(key: ConfigKey.otherPrivateSalesTable)))
      }
    }
    for entry in document.entries where entry.table != ConfigKey.otherPrivateSalesTable {
      guard let key = known[entry.path] else {
        let paths = ConfigKey.all.map(\.path)
        let hint =
          (Suggestion.closest(to: entry.path, among: paths)
          ?? Suggestion.closest(to: entry.key, among: paths))
          .map { " Did you mean '\($0)'?" } ?? ""
        configuration.warnings.append(
          "\(path), line \(entry.line): unknown key '\(Sanitizer.printable(entry.path))' is "
            + "ignored.\(hint)")
        continue
      }
      do {
        configuration.settings[key.path] = Setting(
          text: try key.check(entry.value), line: entry.line)
      } catch {
        return .failure(
          ConfigurationError(
            message: "\(path), line \(entry.line), column \(entry.column): "
              + error.message(key: key.path)))
      }
    }
    let keys = ConfigKey.keyVariables.keys.filter { configuration.settings[$0] != nil }
    if readableByOthers, !keys.isEmpty {
      configuration.warnings.append(
        "\(path) holds an API key and others can read it: run chmod 600 \(path).")
    }
    return .success(configuration)
  }

  /// Each member as given.
  package init(
    path: String, exists: Bool = false, settings: [String: Configuration.Setting] = [:],
    warnings: [String] = []
  ) {
    self.path = path
    self.exists = exists
    self.settings = settings
    self.warnings = warnings
  }
}

/// A config file that cannot be used: exit 78 (`EX_CONFIG`) for every command but help,
/// `coins config show` and `coins config path`.
package struct ConfigurationError: Error, Sendable, Equatable {
  var message: String

  /// Each member as given.
  package init(message: String) {
    self.message = message
  }
}
