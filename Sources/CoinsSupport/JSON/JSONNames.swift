/// A fixed list of member names, matched against a document's bytes without making a `String`
/// of each name read (``JSONCursor/nextMember(among:hint:)``): the fields a decoder knows.
package struct JSONNames: Sendable {
  /// What the name of a member read is.
  package enum Match: Equatable, Sendable {
    /// The name at this index of the list.
    case name(Int)
    /// A name not in the list.
    case other
  }

  /// No names: every member is ``Match/other``.
  package static let none = JSONNames([])

  /// Each name's UTF-8 bytes, in the list's order.
  private let names: [[UInt8]]

  /// The list `names`, in this order (the indexes ``Match/name(_:)`` gives).
  package init(_ names: [String]) {
    self.names = names.map { Array($0.utf8) }
  }

  /// The index of `name` (UTF-8, unescaped) in the list, `hint` tried first; `nil` when it is
  /// not there.
  @inline(__always)
  func index(of name: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
    if hint >= 0, hint < names.count, Self.equal(names[hint], name) { return hint }
    for index in names.indices where Self.equal(names[index], name) {
      return index
    }
    return nil
  }

  @inline(__always)
  private static func equal(_ known: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    known.count == name.count && known.withUnsafeBufferPointer { $0.elementsEqual(name) }
  }
}
