import CoinGeckoAPI
import CoinsHTTP
import CoinsUnitTestSupport
import Testing

@Suite struct TLSFailureTests {
  @Test(arguments: [
    (
      TLSFailure.unknownAuthority,
      "Cannot reach api.coingecko.com securely: its certificate is signed by an unknown "
        + "authority (set SSL_CERT_FILE or SSL_CERT_DIR to trust a private CA)."
    ),
    (.expired, "Cannot reach api.coingecko.com securely: its certificate has expired."),
    (
      .notYetValid,
      "Cannot reach api.coingecko.com securely: its certificate is not valid yet "
        + "(check the system clock)."
    ),
    (.wrongHost, "Cannot reach api.coingecko.com securely: its certificate is for another host."),
    (.revoked, "Cannot reach api.coingecko.com securely: its certificate has been revoked."),
    (
      .caFileUnreadable("/nope.pem"),
      "Cannot reach api.coingecko.com securely: the CA file /nope.pem (SSL_CERT_FILE) cannot "
        + "be read."
    ),
    (
      .caFileUnreadable(nil),
      "Cannot reach api.coingecko.com securely: the system's CA certificates cannot be read."
    ),
    (
      .handshakeFailed("SSL_ERROR_SYSCALL"),
      "Cannot reach api.coingecko.com securely: the TLS handshake failed (SSL_ERROR_SYSCALL)."
    ),
  ])
  func messages(failure: TLSFailure, message: String) {
    let error = CoinGeckoError.insecure(host: "api.coingecko.com", detail: failure.detail)
    expectEqual(error.message, message)
    #expect(error.isTransient)
    #expect(!error.isRetryable)
  }
}
