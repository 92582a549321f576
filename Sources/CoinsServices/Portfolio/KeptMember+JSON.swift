import CoinsModel
import CoinsSupport

extension KeptMember {
  /// The member `key` with `value`, kept: its value written on one line.
  package init(_ key: String, _ value: JSONValue) {
    var text = ""
    JSONValueWriter.writeLine(value, into: &text)
    self.init(key, json: text)
  }

  /// `member`, kept.
  package init(_ member: JSONMember) {
    self.init(member.key, member.value)
  }

  /// The member as JSON again: its text read back (a text that is not JSON, which only code
  /// could have made, is kept as a string).
  package var jsonMember: JSONMember {
    JSONMember(key, (try? JSONValueParser.parse(Array(json.utf8))) ?? .string(json))
  }
}
