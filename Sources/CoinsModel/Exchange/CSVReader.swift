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

  /// The rows; a blank line is skipped.
  public static func rows(_ text: String) throws(Malformed) -> [(line: Int, fields: [String])] {
    var rows: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var wasQuoted = false
    var line = 1
    var rowLine = 1
    var characters = Array(text)
    if characters.first == "\u{FEFF}" { characters.removeFirst() }
    var index = 0
    func endRow() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) { rows.append((rowLine, fields)) }
      (fields, field, wasQuoted) = ([], "", false)
    }
    while index < characters.count {
      let character = characters[index]
      if quoted {
        if character == "\"" {
          if index + 1 < characters.count, characters[index + 1] == "\"" {
            field.append("\"")
            index += 1
          } else {
            quoted = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
      } else {
        switch character {
        case "\"" where field.isEmpty && !wasQuoted:
          quoted = true
          wasQuoted = true
        case "\"":
          throw Malformed(line: line, reason: "a quote inside an unquoted field")
        case ",":
          fields.append(field)
          (field, wasQuoted) = ("", false)
        case "\n", "\r\n", "\r":
          endRow()
          line += 1
          rowLine = line
        default:
          if wasQuoted { throw Malformed(line: line, reason: "text after a closing quote") }
          field.append(character)
        }
      }
      index += 1
    }
    if quoted { throw Malformed(line: rowLine, reason: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty || wasQuoted { endRow() }
    return rows
  }
}
