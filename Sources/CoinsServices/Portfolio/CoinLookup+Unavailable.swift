extension CoinLookup.Failure {
  /// Whether the look-up needed CoinGecko and could not reach it (rather than finding no coin).
  package var isUnavailable: Bool {
    if case .service(let error) = self { return error.isTransient }
    return false
  }
}
