/// A `coins price --format` template: text with `{placeholder}`s, `{{` and `}}` for braces.
public struct PriceTemplate: Sendable, Equatable {
  /// What a placeholder stands for.
  public enum Placeholder: String, Sendable, Equatable, CaseIterable {
    /// `BTC`.
    case symbol
    /// `Bitcoin`.
    case name
    /// `bitcoin`.
    case id
    /// `$91,500.00`.
    case price
    /// `91500` (the exact figure, no symbol or grouping).
    case number
    /// `+0.89%`.
    case change24h
    /// `USD`.
    case currency
    /// `live`, `cache` or `sample`.
    case source
    /// How old the figures are: `12 s`, `7 min`.
    case age
  }

  /// A piece of the template.
  public enum Piece: Sendable, Equatable {
    /// Text written as is.
    case text(String)
    /// A value.
    case placeholder(Placeholder)
  }

  /// Why a template cannot be used.
  public struct Problem: Error, Equatable, Sendable {
    /// One line saying what is wrong.
    public var message: String
  }

  /// The pieces, in order.
  public var pieces: [Piece]

  /// Reads a template; an unknown placeholder or an unpaired brace is a ``Problem``.
  public init(_ text: String) throws(Problem) {
    var pieces: [Piece] = []
    var literal = ""
    var rest = Substring(text)
    while let character = rest.first {
      rest.removeFirst()
      if (character == "{" || character == "}") && rest.first == character {
        rest.removeFirst()
        literal.append(character)
      } else if character == "{" {
        guard let close = rest.firstIndex(of: "}") else {
          throw Problem(message: "An unclosed '{' in the template. Write '{{' for a brace.")
        }
        let name = String(rest[..<close])
        guard let placeholder = Placeholder(rawValue: name) else {
          throw Problem(
            message: "Unknown placeholder '{\(Sanitizer.printable(name))}'. Use "
              + Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") + ".")
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        pieces.append(.placeholder(placeholder))
        rest = rest[rest.index(after: close)...]
      } else if character == "}" {
        throw Problem(message: "An unpaired '}' in the template. Write '}}' for a brace.")
      } else {
        literal.append(character)
      }
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// The template filled in with `value(placeholder)`.
  public func render(_ value: (Placeholder) -> String) -> String {
    pieces.map {
      switch $0 {
      case .text(let text): text
      case .placeholder(let placeholder): value(placeholder)
      }
    }.joined()
  }
}
