import Foundation
import Testing

/// HTTPS against a fake with certificates from a throwaway CA: trusted through
/// `SSL_CERT_FILE` or `SSL_CERT_DIR`, refused otherwise with a line that says what failed.
@Suite(.spawnsProcesses) struct HardeningTLSTrustTests {
  /// Where the run's CA trust comes from.
  enum Trust: Sendable {
    case system, caFile, caDirectory, missingFile
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var leaf: TestPKI.Leaf
    var trust: Trust
    /// The whole of standard error, `$DIR` standing for the PKI's folder; `nil`: success.
    var stderr: String?

    var testDescription: String { "\(leaf) certificate, \(trust) trust" }
  }

  private static let prefix = "Error: Cannot reach localhost securely: "
  private static let unknownAuthority =
    prefix + "its certificate is signed by an unknown authority "
    + "(set SSL_CERT_FILE or SSL_CERT_DIR to trust a private CA).\n"

  static let cases: [Case] = [
    Case(leaf: .good, trust: .caFile, stderr: nil),
    Case(leaf: .good, trust: .caDirectory, stderr: nil),
    Case(leaf: .good, trust: .system, stderr: unknownAuthority),
    Case(leaf: .unknownca, trust: .caFile, stderr: unknownAuthority),
    Case(leaf: .expired, trust: .caFile, stderr: prefix + "its certificate has expired.\n"),
    Case(
      leaf: .wronghost, trust: .caFile, stderr: prefix + "its certificate is for another host.\n"),
    Case(
      leaf: .good, trust: .missingFile,
      stderr: "Error: The CA file $DIR/missing.pem (SSL_CERT_FILE) cannot be read.\n"),
  ]

  @Test(
    .enabled(if: RequiredTool.isAvailable("/usr/bin/openssl"), "needs openssl"),
    arguments: cases)
  func trustIsCheckedAndExplained(_ testCase: Case) async throws {
    let pki = try await TestPKI.make()
    defer { pki.directory.remove() }
    let fake = try await FakeCoinGecko.startTLS(
      certificate: pki.certificate(testCase.leaf), key: pki.key(testCase.leaf))
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.tlsBaseURL)
    defer { coins.cleanUp() }
    switch testCase.trust {
    case .system: break
    case .caFile: coins.environment["SSL_CERT_FILE"] = pki.caFile
    case .caDirectory: coins.environment["SSL_CERT_DIR"] = pki.caDirectory
    case .missingFile: coins.environment["SSL_CERT_FILE"] = pki.directory.file("missing.pem").path
    }

    let result = try await coins.run(["top", "3", "--live", "--max-age", "0", "--timeout", "5"])

    if let expected = testCase.stderr {
      expectEqual(
        result.stderr, expected.replacingOccurrences(of: "$DIR", with: pki.directory.path))
      #expect(result.status != 0)
      #expect(result.stdout.isEmpty)
    } else {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("BTC"))
      #expect(result.stderr.isEmpty)
    }
  }

  /// An `SSL_CERT_FILE` that cannot be read is the user's setting gone wrong: an error (exit 1)
  /// even without `--live`, never a quiet fall back to the system's store or to old data.
  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/openssl"), "needs openssl"))
  func anUnreadableCAFileIsAnErrorNotAFallback() async throws {
    let pki = try await TestPKI.make()
    defer { pki.directory.remove() }
    let fake = try await FakeCoinGecko.startTLS(
      certificate: pki.certificate(.good), key: pki.key(.good))
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.tlsBaseURL)
    defer { coins.cleanUp() }
    let missing = pki.directory.file("missing.pem").path
    coins.environment["SSL_CERT_FILE"] = missing

    let result = try await coins.run(["top", "3", "--json", "--max-age", "0", "--timeout", "5"])

    expectEqual(result.status, 1)
    #expect(result.stdout.isEmpty)
    expectEqual(result.stderr, "Error: The CA file \(missing) (SSL_CERT_FILE) cannot be read.\n")
  }

  /// A TLS failure is not the user's fault: without `--live` the command falls back, labelled.
  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/openssl"), "needs openssl"))
  func anUntrustedServerFallsBackLabelled() async throws {
    let pki = try await TestPKI.make()
    defer { pki.directory.remove() }
    let fake = try await FakeCoinGecko.startTLS(
      certificate: pki.certificate(.expired), key: pki.key(.expired))
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.tlsBaseURL)
    defer { coins.cleanUp() }
    coins.environment["SSL_CERT_FILE"] = pki.caFile

    let result = try await coins.run(["top", "3", "--json", "--max-age", "0", "--timeout", "5"])

    expectEqual(result.status, 0)
    #expect(
      result.stderr.hasPrefix(
        "Warning: Cannot reach localhost securely: its certificate has expired."),
      "\(result.stderr)")
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "sample")
  }
}
