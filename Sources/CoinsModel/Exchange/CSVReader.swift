/// Splits CSV text (RFC 4180: quoted fields with `""`, CRLF or LF line ends, an optional BOM)
/// into rows of fields, each with the line it starts on.
public enum CSVReader {
  /// Why the text is not CSV.
  public struct Malformed: Error, Equatable {
    /// The line (from 1) where the problem is.
    public var line: Int
    /// What is wrong.
    public var reason: String
  }

  /// The rows; a blank line is skipped. Read byte by byte (every character that matters is
  /// ASCII), each field made a string once.
  public static func rows(_ text: String) throws(Malformed) -> [(line: Int, fields: [String])] {
    var text = text
    let read = text.withUTF8 { bytes in
      Result { () throws(Malformed) in try rows(bytes) }
    }
    return try read.get()
  }

  private static func rows(_ all: UnsafeBufferPointer<UInt8>) throws(Malformed)
    -> [(line: Int, fields: [String])]
  {
    let (quote, comma, lf, cr) = (
      UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")
    )
    var rows: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    // The field so far: the bytes from `fieldStart` while it has no doubled quote, else copied.
    var field: [UInt8] = []
    var fieldStart = 0
    var copied = false
    var fieldEmpty = true
    var quoted = false
    var wasQuoted = false
    var line = 1
    var rowLine = 1
    var index = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func endField(at end: Int) {
      fields.append(
        copied
          ? String(decoding: field, as: UTF8.self)
          : String(decoding: UnsafeBufferPointer(rebasing: all[fieldStart..<end]), as: UTF8.self))
      (field, copied, fieldEmpty, wasQuoted) = ([], false, true, false)
    }
    func endRow(at end: Int) {
      let blank = fields.isEmpty && fieldEmpty && !wasQuoted
      endField(at: end)
      if !blank { rows.append((rowLine, fields)) }
      fields = []
    }
    var contentEnd = index
    fieldStart = index
    while index < all.count {
      let byte = all[index]
      if quoted {
        if byte == quote {
          if index + 1 < all.count, all[index + 1] == quote {
            if !copied {
              field = Array(all[fieldStart..<index])
              copied = true
            }
            field.append(quote)
            index += 1
          } else {
            quoted = false
            contentEnd = index
          }
        } else {
          if byte == lf { line += 1 }
          if copied { field.append(byte) }
        }
        if quoted { contentEnd = index + 1 }
      } else {
        switch byte {
        case quote where fieldEmpty && !wasQuoted:
          quoted = true
          wasQuoted = true
          fieldStart = index + 1
          contentEnd = fieldStart
        case quote:
          throw Malformed(line: line, reason: "a quote inside an unquoted field")
        case comma:
          endField(at: contentEnd)
          fieldStart = index + 1
          contentEnd = fieldStart
        case lf, cr:
          endRow(at: contentEnd)
          if byte == cr, index + 1 < all.count, all[index + 1] == lf { index += 1 }
          line += 1
          rowLine = line
          fieldStart = index + 1
          contentEnd = fieldStart
        default:
          if wasQuoted { throw Malformed(line: line, reason: "text after a closing quote") }
          fieldEmpty = false
          contentEnd = index + 1
        }
      }
      index += 1
    }
    if quoted { throw Malformed(line: rowLine, reason: "a quoted field is never closed") }
    if !fieldEmpty || !fields.isEmpty || wasQuoted { endRow(at: contentEnd) }
    return rows
  }
}
