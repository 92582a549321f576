#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where `coins` keeps the user's files: `$XDG_DATA_HOME/coins/`, else
/// `~/.local/share/coins/`.
package enum DataFolder {
  /// The file `name` in the data folder of `environment`.
  package static func file(_ name: String, environment: [String: String]) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("coins/\(name)")
    }
    return URL(fileURLWithPath: home(environment: environment)).appendingPathComponent(
      ".local/share/coins/\(name)")
  }

  /// `$HOME`, else the user's home folder from the password database.
  package static func home(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return FileManager.default.homeDirectoryForCurrentUser.path
  }
}
