/// The names of an object's known keys, matched against raw key bytes.
protocol JSONFieldName {
  /// The field whose name is exactly `key`, if any.
  static func lookup(_ key: some Collection<UInt8>) -> Self?
  /// Whether `key` is this field's name.
  func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool
}
