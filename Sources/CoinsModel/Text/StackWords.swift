/// Room on the stack for a figure's or a date's text, as a tuple of words that
/// `withUnsafeMutableBytes(of:)` lends as bytes: what `InlineArray<64, UInt8>` gives, which
/// needs macOS 26 (the package builds for macOS 15: PortableSourceTests).
typealias StackWords8 = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

/// 192 bytes of stack (three ``StackWords8``, laid out one after another).
typealias StackWords24 = (StackWords8, StackWords8, StackWords8)

/// 64 zero bytes.
let zeroStackWords8: StackWords8 = (0, 0, 0, 0, 0, 0, 0, 0)

/// 192 zero bytes.
let zeroStackWords24: StackWords24 = (zeroStackWords8, zeroStackWords8, zeroStackWords8)
