/// Why a TLS connection was refused, as precisely as the transport can tell.
public enum TLSFailure: Sendable, Equatable {
  /// The certificate chain does not lead to a trusted certificate authority.
  case unknownAuthority
  /// The server's certificate has expired.
  case expired
  /// The server's certificate is not valid yet (often a wrong system clock).
  case notYetValid
  /// The certificate names another host.
  case wrongHost
  /// The certificate has been revoked.
  case revoked
  /// The CA bundle cannot be read: the `SSL_CERT_FILE` given, or the system's when `nil`.
  case caFileUnreadable(String?)
  /// The certificate was rejected for another reason; the value is the transport's text.
  case rejected(String)
  /// The TLS handshake failed before any certificate check; the value is the transport's text.
  case handshakeFailed(String)

  /// What failed, to follow "Cannot reach <host> securely: ", without a full stop.
  public var detail: String {
    switch self {
    case .unknownAuthority:
      "its certificate is signed by an unknown authority "
        + "(set SSL_CERT_FILE or SSL_CERT_DIR to trust a private CA)"
    case .expired: "its certificate has expired"
    case .notYetValid: "its certificate is not valid yet (check the system clock)"
    case .wrongHost: "its certificate is for another host"
    case .revoked: "its certificate has been revoked"
    case .caFileUnreadable(let path?): "the CA file \(path) (SSL_CERT_FILE) cannot be read"
    case .caFileUnreadable(nil): "the system's CA certificates cannot be read"
    case .rejected(let text): "its certificate was rejected (\(text))"
    case .handshakeFailed(let text): "the TLS handshake failed (\(text))"
    }
  }
}
