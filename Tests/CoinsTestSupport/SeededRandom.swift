/// SplitMix64: a small seeded generator, so every generated input (fuzzing, fixtures) can be
/// reproduced from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting at `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(max(1, bound)))
  }

  /// One element of `choices`.
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[below(choices.count)]
  }

  /// Uniform in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
