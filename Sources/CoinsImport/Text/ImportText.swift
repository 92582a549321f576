/// A file's bytes as UTF-8: a byte-order mark taken off, and a file that is not valid UTF-8
/// read as Windows-1252 instead (some Coinbase reports store `€` as the one byte 0x80).
package enum ImportText {
  /// The UTF-8 bytes of the file's text.
  package static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if isASCII(body) || String(validating: body, as: UTF8.self) != nil { return body }
    var text: [UInt8] = []
    text.reserveCapacity(body.count + body.count / 8)
    for byte in body {
      if byte < 0x80 {
        text.append(byte)
      } else {
        let scalar = byte < 0xA0 ? windows1252[Int(byte - 0x80)] : UInt32(byte)
        text.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
      }
    }
    return text
  }

  /// Whether every byte is below 0x80 (valid UTF-8 then), looked at eight at a time: no copy
  /// of the file into a string to validate it, which was a tenth of reading a large export.
  private static func isASCII(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var seen: UInt64 = 0
      var at = 0
      while at + 8 <= raw.count {
        seen |= raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        at += 8
      }
      while at < raw.count {
        seen |= UInt64(raw[at])
        at += 1
      }
      return seen & 0x8080_8080_8080_8080 == 0
    }
  }

  /// The characters of 0x80–0x9F in Windows-1252 (the five holes kept as the C1 controls);
  /// from 0xA0 up it is Latin-1.
  private static let windows1252: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]
}
