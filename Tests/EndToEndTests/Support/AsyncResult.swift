extension Result where Failure == any Error {
  /// The value of `body` or the error it threw, so that clean-up that must await (an unmount)
  /// can run before the error is rethrown.
  init(awaiting body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
