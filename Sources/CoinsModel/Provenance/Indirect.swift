/// An optional value kept behind one reference, so that the struct holding it stays small to
/// copy: for a member that large arrays carry and few values fill (a sale's
/// ``FigureProvenance``, some 170 bytes inline, in each of a large history's lots).
@propertyWrapper
public struct Indirect<Wrapped: Sendable & Equatable>: Sendable, Equatable {
  /// The value, immutable once boxed; a new value gets a new box.
  private final class Box: Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
  }

  private var box: Box?

  /// Boxes `wrappedValue` (nothing for `nil`).
  public init(wrappedValue: Wrapped?) {
    box = wrappedValue.map(Box.init)
  }

  /// The value, or `nil`.
  public var wrappedValue: Wrapped? {
    get { box?.value }
    set { box = newValue.map(Box.init) }
  }

  /// Equal when the values are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}
