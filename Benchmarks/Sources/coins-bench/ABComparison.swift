import Foundation

/// One `coins` binary of an A/B comparison: a label and its path.
struct Variant {
  var label: String
  var path: String

  /// Reads `label=path`.
  init?(_ text: String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    label = String(text[..<equals])
    path = String(text[text.index(after: equals)...])
  }
}

/// Compares the variants against the replay (the clients' own cost), then against the fake.
@MainActor
func compareVariants(_ variants: [Variant]) throws {
  let fake = try LoopbackServer(
    script: fakePath, arguments: ["--port", "0", "--lifetime", "3600"])
  defer { fake.stop() }
  let replay = try LoopbackServer(
    script: root.appendingPathComponent("Benchmarks/python/replay_server.py").path,
    arguments: ["--upstream", fake.baseURL])
  defer { replay.stop() }
  try compareVariants(variants, title: "against the replay", baseURL: replay.baseURL)
  if !options.flag("--replay-only") {
    try compareVariants(variants, title: "against the fake", baseURL: fake.baseURL)
  }
}

/// Times `coins top 20` cold and from a fresh cache, and `coins price btc` from a fresh price
/// cache, for every variant in turn, `processRuns` rounds after a warm-up, against one server;
/// prints each row and, for every variant after the first, the median of its per-round
/// differences from the first and from the one before it (each round's runs are back to back,
/// so they share the load), and the change in the 10th percentile: on a loaded machine the
/// fast tail is the runs least disturbed.
@MainActor
func compareVariants(_ variants: [Variant], title: String, baseURL: String) throws {
  let home = try BenchHome(baseURL: baseURL)
  defer { home.remove() }
  let rows =
    [
      ("cold `top 20`", ["top", "20"], home.cold), ("fresh `top 20`", ["top", "20"], home.warm),
      ("fresh `price btc`", ["price", "btc"], home.warm),
    ] as [(String, [String], () throws -> [String: String])]
  var commands: [TimedCommand] = []
  for (name, arguments, prepare) in rows {
    for variant in variants {
      commands.append(
        TimedCommand(
          name: "\(name), \(variant.label)", arguments: [variant.path] + arguments,
          prepare: prepare))
    }
  }
  emit("\n## A/B \(title); \(processRuns) rounds after 1 warm-up, interleaved\n")
  let samples = try timeInterleaved(commands, home: home)
  printTable(samples)
  emit(
    "\n| row | variant | against \(variants[0].label): median of per-round differences "
      + "± MAD, rounds faster | against the variant before it: the same | 10th percentile, "
      + "against the variant before it |")
  emit("|---|---|---:|---:|---:|")
  for (row, (name, _, _)) in rows.enumerated() {
    let first = samples[row * variants.count]
    for column in 1..<variants.count {
      let other = samples[row * variants.count + column]
      let previous = samples[row * variants.count + column - 1]
      emit(
        "| \(name) | \(variants[column].label) | \(difference(other, first)) | "
          + "\(column == 1 ? "" : difference(other, previous)) | "
          + "\(duration(other.percentile(0.1))), "
          + "\(signed(other.percentile(0.1) - previous.percentile(0.1))) |")
    }
  }
}

/// The median of `sample`'s per-round differences from `reference`'s, ± their median absolute
/// deviation, and in how many rounds `sample` was faster.
private func difference(_ sample: Sample, _ reference: Sample) -> String {
  let differences = Sample(
    name: "", seconds: zip(sample.seconds, reference.seconds).map { $0 - $1 })
  let faster = differences.seconds.filter { $0 < 0 }.count
  return "\(signed(differences.median)) ± \(duration(differences.spread)), "
    + "\(faster) of \(differences.seconds.count)"
}

/// A duration with its sign: `+0.31 ms` slower, `−0.31 ms` faster.
private func signed(_ seconds: Double) -> String {
  (seconds < 0 ? "−" : "+") + duration(abs(seconds))
}
