import CoinsTestSupport
import Foundation

/// A throwaway PKI made by `openssl` for one test: a CA, leaf certificates for localhost that
/// are good, expired, for another host or from an unknown CA, and a hashed CA directory.
struct TestPKI {
  /// The leaf certificates, each with its key `<name>.key` next to `<name>.pem`.
  enum Leaf: String, Sendable, CaseIterable {
    case good, expired, wronghost, unknownca
  }

  let directory: TemporaryDirectory

  /// The CA bundle (PEM) that signed every leaf but `unknownca`.
  var caFile: String { directory.file("ca.pem").path }
  /// A directory holding the CA, processed by `openssl rehash`.
  var caDirectory: String { directory.file("cadir").path }

  func certificate(_ leaf: Leaf) -> String { directory.file("\(leaf.rawValue).pem").path }
  func key(_ leaf: Leaf) -> String { directory.file("\(leaf.rawValue).key").path }

  /// Makes the files (P-256 keys: quick); throws when `openssl` fails.
  static func make() async throws -> TestPKI {
    let directory = try TemporaryDirectory()
    let log = directory.file("openssl.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, "sh", directory.path],
      environment: nil, stdout: try FileHandle(forWritingTo: log),
      stderr: try FileHandle(forWritingTo: log))
    let exit = await child.exit(killingAfter: 60)
    guard exit.status == 0, !exit.wasKilled else {
      let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      directory.remove()
      throw PKIError.opensslFailed(output)
    }
    return TestPKI(directory: directory)
  }

  /// Why the PKI could not be made, with what `openssl` printed.
  enum PKIError: Error {
    case opensslFailed(String)
  }

  // `-days -1` makes a certificate whose validity ended a day ago.
  private static let script = """
    set -e
    cd "$1"
    key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1"; }
    ca() {
      key "$1.key"
      openssl req -x509 -new -key "$1.key" -out "$1.pem" -days 2 -subj "/CN=$2" \\
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
    }
    leaf() {
      key "$1.key"
      openssl req -new -key "$1.key" -out "$1.csr" -subj "/CN=coins test leaf"
      printf 'subjectAltName=%s\\nbasicConstraints=CA:FALSE\\n' "$3" > "$1.ext"
      openssl x509 -req -in "$1.csr" -CA "$2.pem" -CAkey "$2.key" -CAcreateserial \\
        -out "$1.pem" -days "$4" -extfile "$1.ext"
    }
    ca ca "coins test CA"
    ca other "coins other CA"
    leaf good ca DNS:localhost,IP:127.0.0.1 2
    leaf expired ca DNS:localhost,IP:127.0.0.1 -1
    leaf wronghost ca DNS:example.invalid 2
    leaf unknownca other DNS:localhost,IP:127.0.0.1 2
    mkdir cadir
    cp ca.pem cadir/
    openssl rehash cadir
    """
}
