import Foundation

/// One of issue 17's targets: a figure from this run against its limit.
struct Target {
  /// What is measured, as the row names it.
  var what: String
  /// The figure: a ratio, or megabytes.
  var value: Double
  /// The limit, in the same unit.
  var limit: Double
  /// `true` when the figure must be at most the limit, `false` when at least.
  var atMost: Bool
  /// `×` for ratios, ` MB` for memory.
  var unit: String
  /// How the figure was made, e.g. `18.98 ms ÷ 6.54 ms`.
  var how: String = ""

  /// Whether the figure is within the limit.
  var met: Bool { atMost ? value <= limit : value >= limit }

  /// The figure with its unit (and how it was made).
  var measured: String {
    let figure = String(format: unit == "×" ? "%.2f" : "%.1f", value) + unit
    return how.isEmpty ? figure : "\(figure) (\(how))"
  }

  /// The limit with its comparison.
  var bound: String {
    (atMost ? "≤ " : "≥ ") + String(format: "%g", limit) + unit
  }
}

/// Issue 17's targets, from one process section (the replay's: the clients' own cost), all
/// within this one run: the ratios and peak memory, each marked met or not met.
func printTargets(_ section: SectionResult) {
  func median(_ row: String) -> Double? { section.samples[row]?.median }
  func ratio(_ what: String, _ top: String, _ bottom: String, atMost: Bool, limit: Double)
    -> Target?
  {
    guard let numerator = median(top), let denominator = median(bottom) else { return nil }
    return Target(
      what: what, value: numerator / denominator, limit: limit, atMost: atMost, unit: "×",
      how: "\(duration(numerator)) ÷ \(duration(denominator))")
  }
  func memory(_ row: String, limit: Double) -> Target? {
    guard let bytes = section.peaks[row] else { return nil }
    return Target(
      what: "peak memory, \(row)", value: Double(bytes) / 1_048_576, limit: limit, atMost: true,
      unit: " MB")
  }
  let essentials = Row.helloEssentials
  let targets = [
    ratio(
      "\(Row.freshTop20) ÷ hello-essentials", Row.freshTop20, essentials, atMost: true,
      limit: 1.5),
    ratio(
      "\(Row.freshPrice) ÷ hello-essentials", Row.freshPrice, essentials, atMost: true,
      limit: 1.5),
    ratio(
      "\(Row.coldTop20) ÷ curl, the same answer", Row.coldTop20, Row.curl, atMost: true, limit: 2.5),
    ratio(
      "pycoingecko pipeline ÷ \(Row.coldTop20)", Row.python("pycoingecko"), Row.coldTop20,
      atMost: false, limit: 8),
    ratio(
      "coingecko-sdk pipeline ÷ \(Row.coldTop20)", Row.python("coingecko-sdk"), Row.coldTop20,
      atMost: false, limit: 30),
    memory(Row.freshTop20, limit: 20),
    memory(Row.coldTop250, limit: 40),
  ].compactMap { $0 }
  emit("\n## Targets (issue 17), from the replay section: one run, raw ratios\n")
  emit("| target | measured | limit | met |")
  emit("|---|---:|---:|:---:|")
  for target in targets {
    emit(
      "| \(target.what) | \(target.measured) | \(target.bound) | "
        + "\(target.met ? "met" : "not met") |")
  }
  emit("\ntargets met: \(targets.filter(\.met).count) of \(targets.count)")
  // The issue's floor is the hello as `swiftc` builds it (the Swift runtime in shared
  // libraries); coins links the runtime in. Linked the same way, the floor is lower.
  if let alike = ratio(
    "", Row.freshTop20, Row.helloEssentialsStatic, atMost: true, limit: 1.5)
  {
    emit(
      "like for like: \(Row.freshTop20) ÷ \(Row.helloEssentialsStatic) = \(alike.measured) "
        + "(not one of the issue's targets)")
  }
}
