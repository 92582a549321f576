import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct ISO8601TimestampTests {
  @Test(arguments: [
    ("1970-01-01T00:00:00Z", 0.0),
    ("1970-01-01T00:00:00.000Z", 0),
    ("2025-07-25T14:53:48Z", 1_753_455_228),
    ("2025-07-25T14:53:48.500Z", 1_753_455_228.5),
    ("2025-07-25T16:53:48+02:00", 1_753_455_228),
    ("2025-07-25T09:23:48-0530", 1_753_455_228),
    ("2024-02-29T12:00:00Z", 1_709_208_000),
    ("1969-12-31T23:59:59Z", -1),
    ("2013-07-06T00:00:00.000Z", 1_373_068_800),
  ])
  func parses(text: String, seconds: Double) {
    expectEqual(ISO8601Timestamp.parse(text), Date(timeIntervalSince1970: seconds))
  }

  @Test func parsesMilliseconds() throws {
    let date = try #require(ISO8601Timestamp.parse("2024-03-14T07:10:36.635Z"))
    #expect(abs(date.timeIntervalSince1970 - 1_710_400_236.635) < 0.000_5)
  }

  @Test(arguments: [
    "", "2025-07-25", "2025-07-25T14:53:48", "2025-07-25 14:53:48Z", "2025-13-01T00:00:00Z",
    "2025-07-32T00:00:00Z", "2025-07-25T24:00:00Z", "2025-07-25T14:60:00Z",
    "2025-07-25T14:53:48Zjunk", "2025-07-25T14:53:48+2", "25-07-25T14:53:48Z", "null",
  ])
  func rejects(text: String) {
    #expect(ISO8601Timestamp.parse(text) == nil)
  }

  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"),
    (-1, "1969-12-31T23:59:59.000Z"),
    (1_753_455_228.5, "2025-07-25T14:53:48.500Z"),
    (1_709_208_000, "2024-02-29T12:00:00.000Z"),
    (951_782_400, "2000-02-29T00:00:00.000Z"),
    (4_102_444_799, "2099-12-31T23:59:59.000Z"),
  ])
  func formats(seconds: Double, text: String) {
    expectEqual(ISO8601Timestamp.format(Date(timeIntervalSince1970: seconds)), text)
  }

  @Test func formatThenParseRoundTripsEveryMillisecond() {
    var drifted: [String] = []
    for milli in 0..<1000 {
      let date = Date(timeIntervalSince1970: 1_753_455_228 + Double(milli) / 1000)
      let text = ISO8601Timestamp.format(date)
      guard let back = ISO8601Timestamp.parse(text), ISO8601Timestamp.format(back) == text,
        abs(back.timeIntervalSince(date)) < 0.000_5
      else {
        drifted.append(text)
        continue
      }
    }
    expectEqual(drifted, [])
  }

  @Test func parseThenFormatRoundTripsEveryMillisecond() {
    var drifted: [String] = []
    for milli in 0..<1000 {
      let digits = String(milli + 1000).dropFirst()
      let text = "2025-07-25T14:53:48.\(digits)Z"
      let back = ISO8601Timestamp.parse(text).map(ISO8601Timestamp.format)
      if back != text { drifted.append(text + " -> " + (back ?? "nil")) }
    }
    expectEqual(drifted, [])
  }

  @Test func civilDayConversionsAgree() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let civil = ISO8601Timestamp.civilFromDays(days)
      #expect(
        ISO8601Timestamp.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
          == days)
    }
  }
}
