import Foundation
import FoundationNetworking
// C ABI entry: GET url, return HTTP status (or -1) and byte count.
@_cdecl("coins_net_get") public func coinsNetGet(_ url: UnsafePointer<CChar>, _ bytes: UnsafeMutablePointer<Int>) -> Int32 {
  let sem = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var status: Int32 = -1
  let session = URLSession(configuration: .ephemeral)
  session.dataTask(with: URL(string: String(cString: url))!) { d, r, e in
    status = Int32((r as? HTTPURLResponse)?.statusCode ?? -1); bytes.pointee = d?.count ?? 0; sem.signal()
  }.resume()
  sem.wait()
  return status
}
