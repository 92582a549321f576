/// Where TLS trust comes from besides the system: `SSL_CERT_FILE` replaces the CA bundle and
/// `SSL_CERT_DIR` the CA directory, as OpenSSL, Python and Go read them. Empty values are ignored.
struct CATrust: Sendable, Equatable {
  /// A PEM bundle of trusted CAs (`CURLOPT_CAINFO`), or `nil` for libcurl's default.
  var caFile: String?
  /// A directory of hashed CA certificates (`CURLOPT_CAPATH`; `:`-separated), or `nil`.
  var caDirectory: String?

  /// Reads `SSL_CERT_FILE` and `SSL_CERT_DIR`.
  init(environment: [String: String]) {
    caFile = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    caDirectory = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Trust as given.
  init(caFile: String? = nil, caDirectory: String? = nil) {
    self.caFile = caFile
    self.caDirectory = caDirectory
  }
}
