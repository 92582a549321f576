/// The fast path met something it does not handle exactly like `JSONDecoder` (or at all); the
/// caller then hands the whole body to `JSONDecoder`, which decides.
struct FastPathDeclined: Error {}
