import CCurlShim
import CoinsHTTP
import CoinsSupport
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One request through libcurl: runs `curl_easy_perform` on its own thread, collects the
/// headers and the (inflated) body up to the cap, and resumes the waiting caller exactly once.
package final class CurlTransfer: @unchecked Sendable {
  private enum Waiter {
    case notYet
    case waiting(CheckedContinuation<HTTPResponse, Error>)
    case resumed
  }

  private let request: HTTPRequest
  private let maxBodyBytes: Int
  private let trust: CATrust
  private let libraryPath: String?
  private let cancelled = Atomic<Bool>(false)
  private let waiter = Mutex<Waiter>(.notYet)
  // Touched only by the transfer's own thread until it resumes the caller.
  private var body = Data()
  private var headers: [String: String] = [:]
  private var overflowed = false

  init(request: HTTPRequest, maxBodyBytes: Int, trust: CATrust, libraryPath: String?) {
    self.request = request
    self.maxBodyBytes = maxBodyBytes
    self.trust = trust
    self.libraryPath = libraryPath
  }

  /// The name of every transfer's thread (in `/proc/<pid>/task/*/comm`).
  package static let threadName = "coins-curl"

  /// Registers the caller and starts the transfer's thread (unless already cancelled).
  func start(_ continuation: CheckedContinuation<HTTPResponse, Error>) {
    let proceed = waiter.withLock { state -> Bool in
      guard case .notYet = state, !cancelled.load(ordering: .acquiring) else { return false }
      state = .waiting(continuation)
      return true
    }
    guard proceed else {
      continuation.resume(throwing: CancellationError())
      return
    }
    if !DetachedThread.start(named: Self.threadName, { self.run() }) {
      finish(.failure(TransportError.unreachable("cannot start a network thread")))
    }
  }

  /// Stops the transfer at libcurl's next callback and resumes the caller at once.
  func cancel() {
    cancelled.store(true, ordering: .releasing)
    finish(.failure(CancellationError()))
  }

  private func finish(_ outcome: Result<HTTPResponse, Error>) {
    let continuation = waiter.withLock { state -> CheckedContinuation<HTTPResponse, Error>? in
      switch state {
      case .waiting(let continuation):
        state = .resumed
        return continuation
      case .notYet:
        state = .resumed
        return nil
      case .resumed:
        return nil
      }
    }
    continuation?.resume(with: outcome)
  }

  private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  // MARK: The transfer (on its own thread)

  /// The transfer's thread: loads libcurl (or waits for the load under way), performs the
  /// transfer, resumes the caller, then lets go of the handle and closes the connection
  /// (~0.1 ms the caller need not wait for).
  private func run() {
    if let reason = LibCurl.load(path: libraryPath) {
      let failure = CurlTransport.LoadFailure(reason: reason)
      finish(.failure(TransportError.unreachable(failure.detail)))
      return
    }
    StartupTrace.mark("libcurl-ready")
    guard let handle = coins_curl_easy_init() else {
      finish(.failure(TransportError.unreachable("cannot start libcurl")))
      return
    }
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(COINS_CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(COINS_CURL_ERROR_SIZE) + 1)
    var headerList: UnsafeMutableRawPointer?
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      headerList = coins_curl_slist_append(headerList, "\(name): \(value)") ?? headerList
    }
    finish(perform(handle, errorBuffer: errorBuffer, headerList: headerList))
    coins_curl_easy_cleanup(handle)
    if let headerList { coins_curl_slist_free_all(headerList) }
    errorBuffer.deallocate()
  }

  private func perform(
    _ handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
    headerList: UnsafeMutableRawPointer?
  ) -> Result<HTTPResponse, Error> {
    configure(handle, errorBuffer: errorBuffer, headerList: headerList)
    let code = coins_curl_easy_perform(handle)
    if isCancelled { return .failure(CancellationError()) }
    if overflowed { return .failure(TransportError.bodyTooLarge(limit: maxBodyBytes)) }
    guard code == COINS_CURLE_OK else {
      var failure = CurlFailure(code: code, caFile: trust.caFile)
      var number = 0
      if coins_curl_getinfo_long(handle, COINS_CURLINFO_OS_ERRNO, &number) == 0 {
        failure.osErrno = number
      }
      number = 0
      if coins_curl_getinfo_long(handle, COINS_CURLINFO_SSL_VERIFYRESULT, &number) == 0 {
        failure.verifyResult = number
      }
      failure.message =
        errorBuffer.pointee != 0
        ? String(cString: errorBuffer)
        : coins_curl_easy_strerror(code).map { String(cString: $0) } ?? ""
      return .failure(failure.transportError(limit: maxBodyBytes))
    }
    var status = 0
    _ = coins_curl_getinfo_long(handle, COINS_CURLINFO_RESPONSE_CODE, &status)
    return .success(HTTPResponse(status: status, headers: headers, body: body))
  }

  private func configure(
    _ handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
    headerList: UnsafeMutableRawPointer?
  ) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    setString(handle, COINS_CURLOPT_URL, request.url.absoluteString)
    setString(handle, COINS_CURLOPT_PROTOCOLS_STR, "http,https")
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_HTTPGET, 1)
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_NOSIGNAL, 1)
    // Read the socket in larger pieces than libcurl's 16 KB: a top-250 answer is over 1 MB.
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_BUFFERSIZE, 256 * 1024)
    // Redirects are not followed: libcurl would send the API key's header to wherever the
    // Location points. CoinGecko's API does not redirect; a 3xx is reported as an HTTP error.
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_FOLLOWLOCATION, 0)
    let milliseconds = Int(min(max(request.timeout * 1000, 1), 86_400_000).rounded(.up))
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_TIMEOUT_MS, milliseconds)
    // "" offers every encoding this libcurl can inflate (gzip, deflate, br, zstd).
    setString(handle, COINS_CURLOPT_ACCEPT_ENCODING, "")
    _ = coins_curl_setopt_off_t(handle, COINS_CURLOPT_MAXFILESIZE_LARGE, Int64(maxBodyBytes))
    _ = coins_curl_setopt_pointer(handle, COINS_CURLOPT_ERRORBUFFER, errorBuffer)
    if let headerList {
      _ = coins_curl_setopt_pointer(handle, COINS_CURLOPT_HTTPHEADER, headerList)
    }
    if let caFile = trust.caFile { setString(handle, COINS_CURLOPT_CAINFO, caFile) }
    if let caDirectory = trust.caDirectory { setString(handle, COINS_CURLOPT_CAPATH, caDirectory) }

    _ = coins_curl_setopt_pointer(handle, COINS_CURLOPT_WRITEDATA, context)
    _ = coins_curl_setopt_data_callback(handle, COINS_CURLOPT_WRITEFUNCTION) {
      data, size, count, context in
      CurlTransfer.of(context)?.received(data, size * count) ?? 0
    }
    _ = coins_curl_setopt_pointer(handle, COINS_CURLOPT_HEADERDATA, context)
    _ = coins_curl_setopt_data_callback(handle, COINS_CURLOPT_HEADERFUNCTION) {
      data, size, count, context in
      CurlTransfer.of(context)?.header(data, size * count) ?? 0
    }
    _ = coins_curl_setopt_pointer(handle, COINS_CURLOPT_XFERINFODATA, context)
    _ = coins_curl_setopt_xferinfo_callback(handle, COINS_CURLOPT_XFERINFOFUNCTION) {
      context, _, _, _, _ in
      CurlTransfer.of(context)?.isCancelled == false ? 0 : 1
    }
    _ = coins_curl_setopt_long(handle, COINS_CURLOPT_NOPROGRESS, 0)
  }

  /// The transfer a libcurl callback's context points to (passed unretained: the transfer's
  /// thread keeps it alive for as long as libcurl runs).
  private static func of(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
    context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
  }

  private func setString(_ handle: UnsafeMutableRawPointer, _ option: Int32, _ value: String) {
    // libcurl copies string options, so the C string need only live for the call.
    _ = value.withCString { coins_curl_setopt_pointer(handle, option, $0) }
  }

  /// The write callback: keeps the inflated bytes up to the cap; returning less than `count`
  /// makes libcurl stop the transfer at once (CURLE_WRITE_ERROR).
  private func received(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    if isCancelled { return 0 }
    guard body.count + count <= maxBodyBytes else {
      overflowed = true
      return 0
    }
    if let data, count > 0 {
      body.append(
        UnsafeRawBufferPointer(start: data, count: count).assumingMemoryBound(to: UInt8.self))
    }
    return count
  }

  /// The header callback: one line at a time; a status line starts a new answer (a redirect
  /// or an interim response came first).
  private func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    guard let data else { return count }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    switch HeaderLine(line) {
    case .status:
      headers = [:]
      body.removeAll(keepingCapacity: false)
    case .field(let name, let value):
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
      // Room for the whole body at once (at most the cap): no regrowing and copying as the
      // answer arrives. A compressed answer declares its compressed size, a hint all the same.
      if name == "content-length", let size = Int(value), size > 0 {
        body.reserveCapacity(min(size, maxBodyBytes))
      }
    case .other:
      break
    }
    return count
  }
}
