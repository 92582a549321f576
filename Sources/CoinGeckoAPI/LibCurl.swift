import CCurlShim

/// libcurl, loaded with `dlopen` on first use so that a command answered from the cache never
/// maps it. `COINS_LIBCURL` names another library file (tests use it to simulate a missing one).
enum LibCurl {
  /// Starts ``load(path:)`` on a thread of its own and returns at once; a later `load` waits
  /// for it and gets its outcome.
  static func loadInBackground(path: String?) {
    if let path, !path.isEmpty {
      _ = path.withCString { coins_curl_load_in_background($0) }
    } else {
      _ = coins_curl_load_in_background(nil)
    }
  }

  /// Loads the library once per process; `nil` on success, otherwise why it failed.
  static func load(path: String?) -> String? {
    var error = [CChar](repeating: 0, count: 256)
    let status = error.withUnsafeMutableBufferPointer { buffer in
      if let path, !path.isEmpty {
        return path.withCString { coins_curl_load($0, buffer.baseAddress, buffer.count) }
      }
      return coins_curl_load(nil, buffer.baseAddress, buffer.count)
    }
    guard status != 0 else { return nil }
    return error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}
