/// Sees an answer's body while it arrives, so that work on it can start before the last byte:
/// ``MarketsStreamReader`` reads a market page during its transfer.
///
/// A transport that supports it calls these on its own thread, in order, for each answer of a
/// request (a redirect or an interim answer comes first); one that does not never calls them,
/// and the caller reads the whole body as usual.
package protocol HTTPBodyObserver: AnyObject, Sendable {
  /// A new answer starts: whatever arrived before belongs to another one.
  func answerBegan()

  /// The answer declares its body's size (`Content-Length`: the compressed size when it is
  /// compressed), before any of the body arrives.
  func lengthDeclared(_ length: Int)

  /// More of the body has arrived; `bytes` is all of it so far.
  func bodyArrived(_ bytes: ArrivedBytes)

  /// No more will arrive: `complete` when the transfer succeeded, `false` when it failed or
  /// was cancelled.
  func bodyEnded(complete: Bool)
}
