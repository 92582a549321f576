import Foundation

/// Where `coins` keeps the user's files: `$XDG_DATA_HOME/coins/`, else
/// `~/.local/share/coins/`.
package enum DataFolder {
  /// The file `name` in the data folder of `environment`.
  package static func file(_ name: String, environment: [String: String]) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("coins/\(name)")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/coins/\(name)")
  }
}
