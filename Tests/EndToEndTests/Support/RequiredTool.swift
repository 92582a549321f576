import Foundation

/// Programs some end-to-end tests drive besides `coins` and the fake.
enum RequiredTool {
  /// Whether `path` can be run here. Under `CI=true` the answer is always yes: `.ci/run`
  /// installs every tool, so a missing one fails its tests instead of skipping them quietly.
  static func isAvailable(_ path: String) -> Bool {
    ProcessInfo.processInfo.environment["CI"] == "true"
      || FileManager.default.isExecutableFile(atPath: path)
  }
}
