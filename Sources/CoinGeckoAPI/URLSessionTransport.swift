import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession`, with a hard cap on the body size.
///
/// The body is streamed through a delegate so that an oversized answer is cancelled as soon as
/// it passes the cap, instead of being read into memory whole.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let delegate: StreamingDelegate

  /// Creates a transport that refuses bodies larger than `maxBodyBytes`.
  public init(maxBodyBytes: Int = 16 * 1024 * 1024) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    delegate = StreamingDelegate(maxBodyBytes: maxBodyBytes)
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// Sends the request; cancelling the calling task cancels the request.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    urlRequest.timeoutInterval = request.timeout
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    let task = session.dataTask(with: urlRequest)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.register(task, continuation: continuation)
        task.resume()
      }
    } onCancel: { [delegate] in
      task.cancel()
      // Resume now: on Linux a cancelled transfer may still run to its end before it reports.
      delegate.finish(task, throwing: CancellationError())
    }
  }
}

/// Collects each task's body, enforces the size cap and resumes the waiting caller once.
///
/// `@unchecked` only because `NSObject` is not `Sendable`: its one mutable state is behind a
/// `Mutex`.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Pending {
    var continuation: CheckedContinuation<HTTPResponse, Error>
    var body = Data()
  }

  private let maxBodyBytes: Int
  private let pending = Mutex<[Int: Pending]>([:])

  init(maxBodyBytes: Int) {
    self.maxBodyBytes = maxBodyBytes
  }

  func register(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPResponse, Error>) {
    pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(maxBodyBytes) {
      finish(dataTask, throwing: TransportError.bodyTooLarge(limit: maxBodyBytes))
      completionHandler(.cancel)
      dataTask.cancel()
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow: Bool = pending.withLock { pending in
      guard let received = pending[dataTask.taskIdentifier]?.body.count else { return false }
      if received + data.count > maxBodyBytes { return true }
      // Appended in place: copying the entry out and back would copy the whole body on every
      // chunk (quadratic time, and a body's worth of memory per copy).
      pending[dataTask.taskIdentifier]?.body.append(data)
      return false
    }
    if overflow {
      // Give up at once and drop the body; whatever still arrives is ignored.
      finish(dataTask, throwing: TransportError.bodyTooLarge(limit: maxBodyBytes))
      dataTask.cancel()
    }
  }

  /// Resumes the caller waiting on `task` with an error, once; later events for it are ignored.
  func finish(_ task: URLSessionTask, throwing error: Error) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    entry.continuation.resume(throwing: error)
  }

  /// No redirect is followed (the API key's header would go wherever it points); the 3xx
  /// answer itself is returned, as the libcurl transport does.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    if let error {
      entry.continuation.resume(throwing: Self.transportError(error))
    } else if let http = task.response as? HTTPURLResponse {
      var headers: [String: String] = [:]
      for (key, value) in http.allHeaderFields {
        headers[String(describing: key).lowercased()] = String(describing: value)
      }
      entry.continuation.resume(
        returning: HTTPResponse(status: http.statusCode, headers: headers, body: entry.body))
    } else {
      entry.continuation.resume(throwing: TransportError.unreachable("no HTTP answer"))
    }
  }

  private static func transportError(_ error: Error) -> Error {
    guard let urlError = error as? URLError else {
      return TransportError.unreachable(error.localizedDescription)
    }
    switch urlError.code {
    case .cancelled: return CancellationError()
    case .timedOut: return TransportError.timedOut
    case .cannotConnectToHost: return TransportError.unreachable("connection refused")
    case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: return TransportError.offline
    case .networkConnectionLost: return TransportError.unreachable("connection lost")
    case .badServerResponse: return TransportError.unreachable("malformed answer")
    case .secureConnectionFailed, .serverCertificateUntrusted:
      return TransportError.unreachable("secure connection failed")
    default: return TransportError.unreachable("network error \(urlError.code.rawValue)")
    }
  }
}
