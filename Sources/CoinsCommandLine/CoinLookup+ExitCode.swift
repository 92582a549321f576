import CoinsServices

extension CoinLookup.Failure {
  /// 69 when CoinGecko could not be reached (the lookup needed it), 1 otherwise.
  package var exitCode: Int32 {
    if case .service(let error) = self, error.isTransient { return ExitCode.unavailable }
    return ExitCode.failure
  }
}
