import Foundation

/// The libraries the migration off Foundation should leave out of `coins`: whole Foundation,
/// its internationalisation layer and ICU, FoundationNetworking, libcurl (opened on the first
/// request only, never linked).
let heavyLibraries = [
  "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
  "libFoundationNetworking.so", "libcurl",
]

/// Whether a shared object's file name is `library` (a versioned name such as `libcurl.so.4`
/// counts as `libcurl`).
func isLibrary(_ name: String, _ library: String) -> Bool {
  let file = name.split(separator: "/").last.map(String.init) ?? name
  return library.hasSuffix(".so") ? file == library : file.hasPrefix(library + ".so")
}

/// The shared objects the dynamic loader maps from disk during one run, at start-up or later
/// through `dlopen`: the distinct names of `LD_DEBUG=files`'s `file=NAME [n];  generating link
/// map` lines, one per object loaded. The executable, `ld.so` and the vDSO are not among them.
@MainActor
func loadedObjects(_ arguments: [String], environment: [String: String], home: BenchHome) throws
  -> [String]
{
  let folder = home.path("ld-debug-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  var traced = environment
  traced["LD_DEBUG"] = "files"
  traced["LD_DEBUG_OUTPUT"] = folder + "/ld"
  let result = runChild(arguments, environment: traced)
  guard result.status == 0 else { throw BenchError("\(arguments) exited with \(result.status)") }
  var names = Set<String>()
  // One file per process: ld.<pid>.
  for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
    for line in fileText(folder + "/" + file).split(separator: "\n")
    where line.hasSuffix("generating link map") {
      guard let start = line.range(of: "file=")?.upperBound,
        let end = line[start...].range(of: " [")?.lowerBound
      else { continue }
      names.insert(String(line[start..<end]))
    }
  }
  return names.sorted()
}

/// The libraries an executable names as `NEEDED` in its dynamic section (`readelf -d`).
@MainActor
func neededLibraries(_ executable: String, home: BenchHome) -> [String] {
  let output = home.path("readelf.txt")
  _ = runChild(
    ["/usr/bin/readelf", "-d", executable], environment: home.plain(), stdoutPath: output)
  return fileText(output).split(separator: "\n").compactMap { line in
    guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
      let close = line.lastIndex(of: "]")
    else { return nil }
    return String(line[line.index(after: open)..<close])
  }
}

/// How many shared objects `coins` and the hello floors load, which of the heavy libraries
/// are among them, and which `readelf -d coins` lists as needed.
@MainActor
func printSharedObjects(baseURL: String) throws {
  let home = try BenchHome(baseURL: baseURL)
  defer { home.remove() }
  let runs: [(String, [String], () throws -> [String: String])] =
    [
      ("`coins --version`", [coinsPath, "--version"], home.plain),
      (Row.freshTop20, [coinsPath, "top", "20"], home.warm),
      (Row.coldTop20 + ", replayed answers", [coinsPath, "top", "20"], home.cold),
    ] + helloFloors.map { ($0, [helloPath($1)], home.plain) }
  emit("\n## Shared objects\n")
  emit(
    "Counted from `LD_DEBUG=files`: the distinct `file=… generating link map` lines, one per "
      + "shared object the loader maps from disk in the run (start-up and `dlopen` alike; the "
      + "executable, ld.so and the vDSO not counted).\n")
  emit("| process | shared objects | of them Foundation, ICU, FoundationNetworking or curl |")
  emit("|---|---:|---|")
  var hotPath: [String] = []
  for (name, arguments, prepare) in runs {
    let objects = try loadedObjects(arguments, environment: try prepare(), home: home)
    if name == Row.freshTop20 { hotPath = objects }
    let heavy = objects.filter { object in heavyLibraries.contains { isLibrary(object, $0) } }
    emit(
      "| \(name) | \(objects.count) | \(heavy.isEmpty ? "none" : heavy.joined(separator: ", ")) |")
  }
  let needed = neededLibraries(coinsPath, home: home)
  emit("\n`readelf -d coins` NEEDED (\(needed.count)): \(needed.joined(separator: ", "))\n")
  emit("| library | listed by `readelf -d coins` | loaded by \(Row.freshTop20) |")
  emit("|---|:---:|:---:|")
  var listed = 0
  for library in heavyLibraries {
    let isNeeded = needed.contains { isLibrary($0, library) }
    let isLoaded = hotPath.contains { isLibrary($0, library) }
    if isNeeded { listed += 1 }
    emit("| \(library) | \(isNeeded ? "yes" : "no") | \(isLoaded ? "yes" : "no") |")
  }
  emit(
    "\nmigration check: `readelf -d coins` lists \(listed) of the \(heavyLibraries.count) (none "
      + "expected): \(listed == 0 ? "met" : "not met")")
}
