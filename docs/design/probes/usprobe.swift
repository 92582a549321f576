// URLSession probe: usprobe MODE URL [cap-bytes]
// MODE: tls (completion handler, prints error anatomy) | cow | inplace (delegate + cap) | get (timed GET via delegate)
import Foundation
import FoundationNetworking

let args = CommandLine.arguments
let mode = args[1], url = URL(string: args[2])!
let cap = args.count > 3 ? Int(args[3])! : 16 << 20
let t0 = DispatchTime.now().uptimeNanoseconds
func ms() -> String { String(format: "%.1f ms", Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
let done = DispatchSemaphore(value: 0)

final class D: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let cow: Bool
  let lock = NSLock()
  var pending: [Int: Data] = [:]
  var total = 0, chunks = 0, capped = false
  init(cow: Bool) { self.cow = cow }
  func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    chunks += 1
    if capped { return }
    if cow {
      // the pattern in URLSessionTransport: copy out of the dictionary, append, write back
      var body = lock.withLock { pending[dataTask.taskIdentifier] ?? Data() }
      if body.count + data.count > cap { capped = true; print("cap hit at \(ms()) after \(chunks) chunks"); dataTask.cancel(); return }
      body.append(data)
      lock.withLock { pending[dataTask.taskIdentifier] = body }
    } else {
      let over: Bool = lock.withLock {
        if pending[dataTask.taskIdentifier, default: Data()].count + data.count > cap { return true }
        pending[dataTask.taskIdentifier, default: Data()].append(data)  // in place, no copy
        return false
      }
      if over { capped = true; print("cap hit at \(ms()) after \(chunks) chunks"); dataTask.cancel() }
    }
    total += data.count
  }
  func urlSession(_ s: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    print("didComplete at \(ms()): bytes kept \(total), chunks \(chunks), chunk avg \(total / max(chunks, 1)), error \(String(describing: error))")
    done.signal()
  }
}

switch mode {
case "tls":
  let s = URLSession(configuration: .ephemeral)
  s.dataTask(with: url) { data, resp, error in
    if let error = error as NSError? {
      print("domain=\(error.domain) code=\(error.code)")
      print("userInfo keys=\(error.userInfo.keys.sorted())")
      print("localizedDescription=\(error.localizedDescription)")
      print("underlying=\(String(describing: error.userInfo[NSUnderlyingErrorKey]))")
      if let u = error as? URLError { print("URLError.code=\(u.code) failingURL=\(String(describing: u.failingURL))") }
    } else {
      print("OK status=\((resp as? HTTPURLResponse)?.statusCode ?? -1) bytes=\(data?.count ?? 0)")
    }
    done.signal()
  }.resume()
case "cow", "inplace", "get":
  let d = D(cow: mode == "cow")
  let s = URLSession(configuration: .ephemeral, delegate: d, delegateQueue: nil)
  s.dataTask(with: url).resume()
default: fatalError()
}
done.wait()
print("end \(ms())")
