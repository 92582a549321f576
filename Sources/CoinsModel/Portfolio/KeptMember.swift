/// A member of an object in one of `coins`'s files that `coins` does not know (one you added
/// by hand, or one a later version wrote), kept so that a rewrite writes it back unchanged.
public struct KeptMember: Sendable, Equatable {
  /// The member's name.
  public var key: String
  /// The member's value as JSON text on one line, as the file codecs write it
  /// (`{"a": [1, 2], "b": null}`).
  public var json: String

  /// The member `key` whose value is the JSON text `json`.
  public init(_ key: String, json: String) {
    self.key = key
    self.json = json
  }
}
