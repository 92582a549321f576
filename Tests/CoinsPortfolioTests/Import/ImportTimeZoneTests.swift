import CoinsImport
import Foundation
import Testing

@Suite struct ImportTimeZoneTests {
  @Test(arguments: [
    ("UTC", "UTC", 0), ("Z", "UTC", 0), ("GMT", "UTC", 0), ("+08:00", "+08:00", 28_800),
    ("-0530", "-05:30", -19_800), ("+8", "+08:00", 28_800), ("UTC+01:00", "+01:00", 3600),
    ("UTC-3", "-03:00", -10_800),
  ])
  func readsFixedOffsets(text: String, name: String, seconds: Int) throws {
    let zone = try #require(ImportTimeZone(text))
    #expect(zone.name == name)
    #expect(zone.utcSeconds(fromWall: 100_000) == 100_000 - seconds)
  }

  @Test(arguments: ["", "+15:00", "Mars/Olympus_Mons", "EST5EDT", "../etc/passwd", "Europe"])
  func refusesUnknownZones(text: String) {
    #expect(ImportTimeZone(text) == nil)
  }

  /// IANA names through the C library: summer time included, and `TZ` left as it was.
  @Test func readsIANANamesWithSummerTime() throws {
    // Read under the zone lock: other tests read zones on other threads at the same time.
    let before = SystemTimeZone.restingTZ
    let shanghai = try #require(ImportTimeZone("Asia/Shanghai"))
    let berlin = try #require(ImportTimeZone("Europe/Berlin"))
    #expect(SystemTimeZone.restingTZ == before)
    func wall(_ text: String, _ zone: ImportTimeZone) -> Date? {
      ImportDate.read(text)?.date(in: zone)
    }
    #expect(wall("2022-05-01 18:00:00", shanghai) == utc("2022-05-01T10:00:00Z"))
    #expect(wall("2024-01-15 12:00:00", berlin) == utc("2024-01-15T11:00:00Z"))
    #expect(wall("2024-07-15 12:00:00", berlin) == utc("2024-07-15T10:00:00Z"))
    // The hour the clocks go back happens twice: the earlier instant; the hour they skip
    // forward is read with the offset before the change.
    #expect(wall("2024-10-27 02:30:00", berlin) == utc("2024-10-27T00:30:00Z"))
    #expect(wall("2024-03-31 02:30:00", berlin) == utc("2024-03-31T01:30:00Z"))
  }
}
