import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What every run must satisfy, whatever the fault: a documented exit status, no raw control
/// bytes, no API key.
enum HardeningOutput {
  /// The documented exit statuses (docs/files-and-environment.md) a fault may lead to.
  static let documentedStatuses: Set<Int32> = [0, 1, 64, 65, 69]

  /// A key unique to one test, to look for in everything `coins` prints.
  static func makeSecret() -> String {
    "CG-hardening-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
  }

  /// Scalars that must never reach a terminal raw: C0 controls but `\n`, DEL and C1 controls,
  /// ESC, and bidirectional embeddings, overrides and isolates.
  static func rawControls(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// Checks the invariants of one finished run; `label` names the run in failures.
  static func checkInvariants(
    status: Int32, stdout: String, stderr: String, secret: String, label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      documentedStatuses.contains(status), "\(label): exit status \(status)",
      sourceLocation: sourceLocation)
    #expect(
      rawControls(in: stdout).isEmpty, "\(label): raw bytes on stdout \(rawControls(in: stdout))",
      sourceLocation: sourceLocation)
    #expect(
      rawControls(in: stderr).isEmpty, "\(label): raw bytes on stderr \(rawControls(in: stderr))",
      sourceLocation: sourceLocation)
    #expect(
      !stdout.contains(secret) && !stderr.contains(secret), "\(label): the API key was printed",
      sourceLocation: sourceLocation)
  }

  /// The `source` member of a `--json` line, or `nil` when the line is not such JSON.
  static func source(ofJSONLine line: String) -> String? {
    struct Labelled: Decodable {
      var source: String
      var staleReason: String?
    }
    return (try? JSONDecoder().decode(Labelled.self, from: Data(line.utf8)))?.source
  }

  /// The `staleReason` member of a `--json` line.
  static func staleReason(ofJSONLine line: String) -> String? {
    struct Labelled: Decodable { var staleReason: String? }
    return (try? JSONDecoder().decode(Labelled.self, from: Data(line.utf8)))?.staleReason
  }
}

/// The fake's request log with arrival times, for counting and spacing retries.
enum HardeningRequestLog {
  /// One logged request: its path and when the fake received it (seconds since 1970).
  struct Entry: Decodable {
    var path: String
    var time: Double
  }

  /// The `/coins/markets` requests the fake received so far, oldest first.
  static func marketRequests(port: Int) async throws -> [Entry] {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/__control/requests"))
    let data: Data = try await withCheckedThrowingContinuation { continuation in
      URLSession.shared.dataTask(with: url) { data, _, error in
        if let data {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: error ?? URLError(.badServerResponse))
        }
      }.resume()
    }
    return try JSONDecoder().decode([Entry].self, from: data)
      .filter { $0.path.hasSuffix("/coins/markets") }
      .sorted { $0.time < $1.time }
  }

  /// The gaps between consecutive requests, in seconds.
  static func gaps(_ entries: [Entry]) -> [Double] {
    zip(entries.dropFirst(), entries).map { $0.time - $1.time }
  }
}
