import CoinsHTTP

/// How the live process reaches the network, as the executable wires it in: the transport,
/// made on the first request, and a way to start loading it ahead of a likely one
/// (``NetworkWarmUp``). Nothing in the command line knows what the transport is.
public struct NetworkAccess: Sendable {
  /// Makes the transport from the process's environment (configuration file included).
  public var makeTransport: @Sendable (_ environment: [String: String]) -> any HTTPTransport
  /// Starts getting the transport ready on a thread of its own and returns at once.
  public var warmUp: @Sendable (_ environment: [String: String]) -> Void

  /// Network access through `makeTransport`, warmed up by `warmUp` (by default not at all).
  public init(
    makeTransport: @escaping @Sendable (_ environment: [String: String]) -> any HTTPTransport,
    warmUp: @escaping @Sendable (_ environment: [String: String]) -> Void = { _ in }
  ) {
    self.makeTransport = makeTransport
    self.warmUp = warmUp
  }
}
