// libcurl through dlopen, from a FoundationEssentials-only executable.
// curlprobe none           -> start-up only (no dlopen)
// curlprobe URL [cap] [enc] -> one GET; enc: "" = ACCEPT_ENCODING "" (all), "-" = none
import FoundationEssentials
import Glibc

let args = CommandLine.arguments
let t0 = clock_gettime_ns()
func clock_gettime_ns() -> UInt64 { var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts); return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec) }
func ms() -> String { let d = Double(clock_gettime_ns() - t0) / 1e6; return "\((d * 10).rounded() / 10) ms" }

if args[1] == "none" {
  // prove the Essentials types are usable
  struct R: Codable { var id: String; var when: Date; var url: URL }
  let r = try! JSONDecoder().decode([R].self, from: Data(#"[{"id":"a","when":0,"url":"https://x.test/"}]"#.utf8))
  print(r[0].id, r[0].url.host() ?? "-", r[0].when.timeIntervalSinceReferenceDate)
  exit(0)
}

// --- minimal libcurl ABI (values from include/curl/curl.h, curl 7.88.1) ---
let CURLOPT_WRITEDATA: Int32 = 10001, CURLOPT_URL: Int32 = 10002, CURLOPT_ERRORBUFFER: Int32 = 10010
let CURLOPT_WRITEFUNCTION: Int32 = 20011, CURLOPT_CAINFO: Int32 = 10065, CURLOPT_CAPATH: Int32 = 10097
let CURLOPT_NOSIGNAL: Int32 = 99, CURLOPT_ACCEPT_ENCODING: Int32 = 10102, CURLOPT_TIMEOUT_MS: Int32 = 155
let CURLOPT_MAXFILESIZE_LARGE: Int32 = 30117, CURLOPT_PROTOCOLS_STR: Int32 = 10318
let CURLINFO_RESPONSE_CODE: Int32 = 0x200002, CURLINFO_SSL_VERIFYRESULT: Int32 = 0x20000D
let CURLINFO_CAINFO: Int32 = 0x10003D, CURLINFO_CAPATH: Int32 = 0x10003E

typealias EasyInit = @convention(c) () -> OpaquePointer?
typealias SetoptPtr = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
typealias SetoptLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
typealias Perform = @convention(c) (OpaquePointer?) -> Int32
typealias Getinfo = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
typealias Strerror = @convention(c) (Int32) -> UnsafePointer<CChar>?
typealias WriteCB = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

guard let lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) else { print("dlopen failed: \(String(cString: dlerror()))"); exit(2) }
func sym<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(lib, name)!, to: T.self) }
let easyInit = sym("curl_easy_init", EasyInit.self)
let setoptPtr = sym("curl_easy_setopt", SetoptPtr.self)   // variadic in C: see report
let setoptLong = sym("curl_easy_setopt", SetoptLong.self)
let perform = sym("curl_easy_perform", Perform.self)
let getinfo = sym("curl_easy_getinfo", Getinfo.self)
let strerror_ = sym("curl_easy_strerror", Strerror.self)
print("dlopen+dlsym done at \(ms())")

final class Sink { var body: [UInt8] = []; let cap: Int; var over = false; init(cap: Int) { self.cap = cap; body.reserveCapacity(1 << 20) } }
let sink = Sink(cap: args.count > 2 ? Int(args[2])! : 16 << 20)
let write: WriteCB = { ptr, size, n, ud in
  let s = Unmanaged<Sink>.fromOpaque(ud!).takeUnretainedValue()
  let count = size * n
  if s.body.count + count > s.cap { s.over = true; return 0 }   // 0 => CURLE_WRITE_ERROR, transfer stops now
  ptr!.withMemoryRebound(to: UInt8.self, capacity: count) { s.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
  return count
}

let h = easyInit()
var err = [CChar](repeating: 0, count: 257)
var defCA: UnsafeMutablePointer<CChar>? = nil, defPath: UnsafeMutablePointer<CChar>? = nil
_ = getinfo(h, CURLINFO_CAINFO, &defCA); _ = getinfo(h, CURLINFO_CAPATH, &defPath)
print("libcurl default CAINFO=\(defCA.map { String(cString: $0) } ?? "nil") CAPATH=\(defPath.map { String(cString: $0) } ?? "nil")")
_ = args[1].withCString { setoptPtr(h, CURLOPT_URL, $0) }
_ = "http,https".withCString { setoptPtr(h, CURLOPT_PROTOCOLS_STR, $0) }
_ = setoptLong(h, CURLOPT_NOSIGNAL, 1)
_ = setoptLong(h, CURLOPT_TIMEOUT_MS, 10_000)
_ = setoptLong(h, CURLOPT_MAXFILESIZE_LARGE, sink.cap)        // refuses a declared Content-Length > cap up front
let enc = args.count > 3 ? args[3] : ""
if enc != "-" { _ = enc.withCString { setoptPtr(h, CURLOPT_ACCEPT_ENCODING, $0) } }
if getenv("CAINFO_NONE") != nil { _ = setoptPtr(h, CURLOPT_CAINFO, nil) }
if let f = getenv("SSL_CERT_FILE") { _ = setoptPtr(h, CURLOPT_CAINFO, f) }   // libcurl copies the string
if let d = getenv("SSL_CERT_DIR") { _ = setoptPtr(h, CURLOPT_CAPATH, d) }
err.withUnsafeMutableBufferPointer { _ = setoptPtr(h, CURLOPT_ERRORBUFFER, $0.baseAddress) }
_ = setoptPtr(h, CURLOPT_WRITEFUNCTION, unsafeBitCast(write, to: UnsafeRawPointer.self))
_ = setoptPtr(h, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
let rc = perform(h)
var status = 0, verify = 0
_ = getinfo(h, CURLINFO_RESPONSE_CODE, &status); _ = getinfo(h, CURLINFO_SSL_VERIFYRESULT, &verify)
let errText = err.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
print("done at \(ms()): CURLcode=\(rc) (\(String(cString: strerror_(rc)!))) status=\(status) bytes=\(sink.body.count) over=\(sink.over) sslVerifyResult=\(verify) errbuf=\"\(errText)\"")
