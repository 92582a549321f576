import CCurlShim

/// libcurl, loaded with `dlopen` on first use so that a command answered from the cache never
/// maps it. `COINS_LIBCURL` names another library file (tests use it to simulate a missing one).
package enum LibCurl {
  /// Starts ``load(path:)`` on a thread of its own and returns at once; a later `load` waits
  /// for it and gets its outcome.
  static func loadInBackground(path: String?) {
    _ = withPath(path) { coins_curl_load_in_background($0) }
  }

  /// Loads the library once per process; `nil` on success, otherwise why it failed.
  package static func load(path: String?) -> String? {
    var error = [CChar](repeating: 0, count: 256)
    let status = error.withUnsafeMutableBufferPointer { buffer in
      withPath(path) { coins_curl_load($0, buffer.baseAddress, buffer.count) }
    }
    guard status != 0 else { return nil }
    return error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// `body` with the library path as a C string, or `NULL` (the default library) when there
  /// is none or it is empty.
  private static func withPath<Result>(
    _ path: String?, _ body: (UnsafePointer<CChar>?) -> Result
  ) -> Result {
    guard let path, !path.isEmpty else { return body(nil) }
    return path.withCString(body)
  }
}
