/// Which lines of a Swift or C file a platform compiles: `#if` / `#elseif` / `#else` / `#endif`
/// (and C's `#ifdef`, `#ifndef`) followed with their conditions judged for that platform.
/// Conditions are read as far as these checks need: `os(…)`, `canImport(…)`, `__linux__`,
/// `__APPLE__`, `defined(…)`, `!`, `&&`, `||` and parentheses; anything else counts as true on
/// every platform, so a line it cannot judge is checked, never skipped.
enum Platform {
  case linux
  case darwin

  /// Whether this platform compiles the code under `condition` (the text after `#if`).
  func holds(_ condition: String) -> Bool {
    var parser = ConditionParser(text: condition, platform: self)
    return parser.disjunction()
  }

  /// The truth of one atom such as `os(Linux)`, `canImport(Glibc)` or `__APPLE__`.
  fileprivate func truth(of atom: String) -> Bool {
    let linuxOnly = [
      "os(Linux)", "canImport(Glibc)", "canImport(Musl)", "canImport(FoundationEssentials)",
      "__linux__",
    ]
    let darwinOnly = ["os(macOS)", "canImport(Darwin)", "__APPLE__"]
    if linuxOnly.contains(atom) { return self == .linux }
    if darwinOnly.contains(atom) { return self == .darwin }
    return true
  }
}

/// A recursive descent over a condition: `a || b`, `a && b`, `!a`, `(a)`, atoms.
private struct ConditionParser {
  var text: Substring
  let platform: Platform

  init(text: String, platform: Platform) {
    self.text = Substring(text)
    self.platform = platform
  }

  mutating func disjunction() -> Bool {
    var value = conjunction()
    while take("||") { value = conjunction() || value }
    return value
  }

  private mutating func conjunction() -> Bool {
    var value = negation()
    while take("&&") { value = negation() && value }
    return value
  }

  private mutating func negation() -> Bool {
    if take("!") { return !negation() }
    if take("(") {
      let value = disjunction()
      _ = take(")")
      return value
    }
    return platform.truth(of: atom())
  }

  /// A name with its parenthesised argument, if any (`defined(X)` is read as `X`).
  private mutating func atom() -> String {
    skipSpaces()
    var name = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    text = text.dropFirst(name.count)
    if text.first == "(" {
      let argument = text.prefix { $0 != ")" }.dropFirst()
      text = text.dropFirst(argument.count + 2)
      name = name == "defined" ? String(argument) : "\(name)(\(argument))"
    }
    return name
  }

  private mutating func take(_ token: String) -> Bool {
    skipSpaces()
    guard text.hasPrefix(token) else { return false }
    text = text.dropFirst(token.count)
    return true
  }

  private mutating func skipSpaces() {
    text = text.drop { $0 == " " || $0 == "\t" }
  }
}

extension SourceTree.File {
  /// The lines `platform` compiles, numbered from 1, their `//` comments cut off (the
  /// directives themselves left out).
  func lines(compiledFor platform: Platform) -> [(number: Int, text: String)] {
    // One frame per open `#if`: whether its enclosing code is compiled, whether a branch of
    // it has been taken, and whether the current branch is.
    var frames: [(outer: Bool, taken: Bool, active: Bool)] = []
    var compiled: [(number: Int, text: String)] = []
    for (index, line) in codeLines.enumerated() {
      let directive = line.trimmingCharacters(in: .whitespaces)
      let live = frames.last.map { $0.outer && $0.active } ?? true
      if let condition = Self.opening(directive) {
        let holds = platform.holds(condition)
        frames.append((live, holds, holds))
      } else if directive.hasPrefix("#elseif ") || directive.hasPrefix("#elif "),
        var frame = frames.popLast()
      {
        let condition = String(directive.drop { $0 != " " })
        frame.active = !frame.taken && platform.holds(condition)
        frame.taken = frame.taken || frame.active
        frames.append(frame)
      } else if directive == "#else", var frame = frames.popLast() {
        frame.active = !frame.taken
        frame.taken = true
        frames.append(frame)
      } else if directive.hasPrefix("#endif") {
        _ = frames.popLast()
      } else if live {
        compiled.append((index + 1, line))
      }
    }
    return compiled
  }

  /// The condition of `#if`, `#ifdef` or `#ifndef`, as `#if` would read it.
  private static func opening(_ directive: String) -> String? {
    if directive.hasPrefix("#if ") { return String(directive.dropFirst(4)) }
    if directive.hasPrefix("#ifdef ") { return String(directive.dropFirst(7)) }
    if directive.hasPrefix("#ifndef ") { return "!" + directive.dropFirst(8) }
    return nil
  }
}
