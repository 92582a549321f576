import Foundation
import Testing

/// The sources build on macOS 15+ as well as on Linux (docs/architecture.md, "Platforms").
/// No Mac runs this suite, so these checks read what macOS would compile (``Platform``) and fail
/// on the Linux-only constructs they can see there (and on APIs newer than macOS 15).
@Suite struct PortableSourceTests {
  /// One construct that builds on Linux only, how to find it, and what to write instead.
  struct LinuxOnly: Sendable, CustomTestStringConvertible {
    var name: String
    /// A regular expression, matched against each line macOS compiles.
    var pattern: String
    var instead: String
    /// The one file allowed to hold it (a shim), if any.
    var shim: String? = nil
    /// C files are read too.
    var inC = false

    var testDescription: String { name }
  }

  static let constructs: [LinuxOnly] = [
    LinuxOnly(
      name: "an unconditional import of FoundationEssentials",
      pattern: #"^\s*import\s+FoundationEssentials\b"#,
      instead: """
        Darwin has no FoundationEssentials, only Foundation. Import it as the ecosystem does:

        \(conditionalImport)

        To put that in place in every file that imports it unconditionally, run this from the \
        package's folder:

        \(importScript)
        """),
    LinuxOnly(
      name: "a call qualified with Glibc", pattern: #"\bGlibc\."#,
      instead: """
        Call the C function unqualified. Where a method of the same name hides it (`write`, \
        `read`), call it from a small function at file scope, outside the type.
        """),
    LinuxOnly(
      name: "an import of Glibc or Musl outside #if canImport",
      pattern: #"^\s*import\s+(Glibc|Musl)\b"#,
      instead:
        "Guard it: `#if canImport(Glibc) import Glibc #elseif canImport(Darwin) import Darwin #endif`."
    ),
    LinuxOnly(
      name: "stat's st_mtim", pattern: #"st_[amc]tim(?![A-Za-z0-9_])"#,
      instead:
        "Read a file's times through FileTimes (`st_mtim` on Linux, `st_mtimespec` on Darwin).",
      shim: "CoinsServices/Files/FileTimes.swift"),
    LinuxOnly(
      name: "spawn attributes or file actions made as a value",
      pattern: #"posix_spawn(attr|_file_actions)_t\(\)"#,
      instead: """
        They are structs on Linux and pointers on Darwin: `#if canImport(Darwin) var attributes: \
        posix_spawnattr_t? = nil #else var attributes = posix_spawnattr_t() #endif`.
        """),
    LinuxOnly(
      name: "libcurl by its Linux name", pattern: #""libcurl\.so[.0-9]*""#,
      instead:
        "Name it per platform: libcurl.so.4 under `#if os(Linux)` / `__linux__`, libcurl.4.dylib on Darwin.",
      inC: true),
    LinuxOnly(
      name: "an API newer than macOS 15",
      pattern:
        #"\b(InlineArray|Span|RawSpan|MutableSpan|OutputSpan|UTF8Span)\b|\.span\b|Task\.immediate"#,
      instead: """
        The package says macOS 15 (`platforms:`); these need macOS 26. Use what macOS 15 has, or \
        guard the use with `if #available(macOS 26, *)`.
        """),
    LinuxOnly(
      name: "a path under /proc", pattern: #""/proc/"#,
      instead: "Read /proc under `#if os(Linux)` only, with a Darwin way or nothing beside it.",
      inC: true),
  ]

  @Test(arguments: constructs)
  func macOSCompilesNo(_ construct: LinuxOnly) throws {
    let files = try SourceTree.files(endingIn: construct.inC ? [".swift", ".c", ".h"] : [".swift"])
    let pattern = try Regex(construct.pattern)
    let found = files.filter { $0.path != construct.shim }.flatMap { file in
      file.lines(compiledFor: .darwin).filter { $0.text.contains(pattern) }
        .map { "\(file.path):\($0.number): \($0.text.trimmingCharacters(in: .whitespaces))" }
    }
    #expect(
      found == [],
      "\(construct.name), which macOS would compile:\n\(found.joined(separator: "\n"))\n\n\(construct.instead)"
    )
  }

  /// `Mutex` and `Atomic` need macOS 15; every flag only Linux's linker knows, and every
  /// library only Linux has, is for Linux only.
  @Test func theManifestSaysMacOS15AndKeepsLinuxFlagsForLinux() throws {
    let manifest = try String(
      contentsOf: SourceTree.root.deletingLastPathComponent().appendingPathComponent(
        "Package.swift"),
      encoding: .utf8)
    #expect(manifest.contains("platforms: [.macOS(.v15)]"))
    var unguarded: [String] = []
    var calls = 0
    for opening in [".unsafeFlags(", ".linkedLibrary("] {
      var rest = manifest[...]
      while let start = rest.range(of: opening) {
        let call = Self.call(in: rest[start.lowerBound...], opening: opening)
        calls += 1
        if !call.contains(".when(platforms: [.linux])") { unguarded.append(String(call)) }
        rest = rest[start.upperBound...]
      }
    }
    #expect(calls >= 7, "the linker settings went missing from Package.swift")
    #expect(
      unguarded == [], "linker settings for every platform:\n\(unguarded.joined(separator: "\n"))")
  }

  /// The call that starts `text` (`opening` and its arguments), up to its closing parenthesis.
  private static func call(in text: Substring, opening: String) -> Substring {
    var depth = 0
    for index in text.indices {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return text[...index] }
      }
    }
    return text
  }

  /// What every file imports in place of an unconditional `import FoundationEssentials`.
  static let conditionalImport = """
    #if canImport(FoundationEssentials)
      import FoundationEssentials
    #else
      import Foundation
    #endif
    """

  /// The script that made every such import conditional: the line goes, and the block above
  /// follows the file's last other top-level import (or takes the line's place when it was
  /// the only one).
  static let importScript = #"""
    python3 - <<'EOF'
    import pathlib
    block = ["#if canImport(FoundationEssentials)\n", "  import FoundationEssentials\n",
             "#else\n", "  import Foundation\n", "#endif\n"]
    for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
        lines = path.read_text().splitlines(keepends=True)
        if "import FoundationEssentials\n" not in lines:
            continue
        place = lines.index("import FoundationEssentials\n")
        del lines[place]
        imports = [i for i, line in enumerate(lines) if line.startswith("import ")]
        if imports:
            place = imports[-1] + 1
            lines[place:place] = ["\n"] + block
            after = place + len(block) + 1
            if after < len(lines) and lines[after].strip():
                lines.insert(after, "\n")
        else:
            lines[place:place] = block
        path.write_text("".join(lines))
        print(path)
    EOF
    """#
}
