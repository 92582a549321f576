import Testing

/// Expects `actual` to equal `expected`, as `#expect(actual == expected)` does, with the failure
/// reported at the caller's line and naming both values.
///
/// The macro is expanded here once instead of at each of the thousands of call sites: every
/// expansion of `#expect` costs its module's build about 20 ms of type checking and code
/// generation, a call of this function about 3 ms (docs/testing.md, "Set up and the lanes").
package func expectEqual<Value: Equatable>(
  _ actual: Value, _ expected: Value, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(actual == expected, sourceLocation: sourceLocation)
}
