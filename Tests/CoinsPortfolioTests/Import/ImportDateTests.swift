import CoinsImport
import Foundation
import Testing

@Suite struct ImportDateTests {
  @Test(arguments: [
    ("2023-04-20T04:05:40Z", "2023-04-20T04:05:40Z"),
    ("2018-03-15T10:55:12.843Z", "2018-03-15T10:55:12.843Z"),
    ("2023-12-29 20:30:38 UTC", "2023-12-29T20:30:38Z"),
    ("2021-02-02 13:30:51", "2021-02-02T13:30:51Z"),
    ("2025-06-01 08:00:00.1234", "2025-06-01T08:00:00.1234Z"),
    ("2025-03-20 12:20 UTC", "2025-03-20T12:20:00Z"),
    ("25-01-04 11:08:17", "2025-01-04T11:08:17Z"),
    ("20.09.2019 13:00:00", "2019-09-20T13:00:00Z"),
    ("Jan. 28, 2022, 12:13 AM", "2022-01-28T00:13:00Z"),
    ("Feb. 1, 2022, 12:00 PM", "2022-02-01T12:00:00Z"),
    ("12/24/19 3:04 AM", "2019-12-24T03:04:00Z"),
    ("12/24/2019 15:04", "2019-12-24T15:04:00Z"),
    ("2019/05/11 10:27:17", "2019-05-11T10:27:17Z"),
    ("2026-03-01T16:30:00+02:00", "2026-03-01T14:30:00Z"),
    ("2026-03-01 16:30:00 +0200", "2026-03-01T14:30:00Z"),
    ("2026-03-01 16:30:00 UTC+01:00", "2026-03-01T15:30:00Z"),
    ("2024-02-29", "2024-02-29T00:00:00Z"),
  ])
  func readsEveryLayout(text: String, expected: String) throws {
    let reading = try #require(ImportDate.read(text))
    #expect(reading.date(in: .utc) == utc(expected))
  }

  @Test(arguments: [
    "", "yesterday", "2023-02-29", "2023-13-01", "2023-04-20T25:00:00Z", "13/24/19 3:04 AM",
    "2023-04-20 10:00 XYZ", "2023-04-20 10:00:00 +25:00", "12/24/19 13:04 PM", "20230420",
  ])
  func refusesWhatIsNotATime(text: String) {
    #expect(ImportDate.read(text) == nil)
  }

  @Test func aWallClockTimeIsPlacedInTheZoneGivenAndAStatedZoneWins() throws {
    let plus8 = try #require(ImportTimeZone("+08:00"))
    #expect(ImportDate.read("2019/05/11 10:27:17")?.date(in: plus8) == utc("2019-05-11T02:27:17Z"))
    #expect(ImportDate.read("2023-04-20T04:05:40Z")?.date(in: plus8) == utc("2023-04-20T04:05:40Z"))
  }
}
