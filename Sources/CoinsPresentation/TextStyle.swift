/// Colors for output, as ANSI SGR codes, or nothing at all when color is off.
public struct TextStyle: Sendable, Equatable {
  /// Whether to emit color codes.
  public var enabled: Bool

  /// Creates a style; `enabled: false` leaves every string untouched.
  public init(enabled: Bool) {
    self.enabled = enabled
  }

  /// A color or emphasis.
  public enum Color: String, Sendable {
    case green = "32"
    case red = "31"
    case yellow = "33"
    case dim = "2"
    case bold = "1"
    case inverse = "7"
  }

  /// `text` wrapped in the color's codes (untouched when disabled).
  public func apply(_ color: Color?, to text: String) -> String {
    guard enabled, let color, !text.isEmpty else { return text }
    return "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m"
  }

  /// Green for a rise, red for a fall, nothing for no change or unknown.
  public static func trend(_ change: Double?) -> Color? {
    guard let change, change.isFinite else { return nil }
    return change > 0 ? .green : change < 0 ? .red : nil
  }
}
