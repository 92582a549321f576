import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Dates from files and the network can be garbage: formatting them must never trap.
@Suite struct TimestampBoundsTests {
  @Test(arguments: [1e300, -1e300, 9.3e18, .infinity, -.infinity, .nan])
  func absurdDatesFormatWithinYearsZeroToNineThousand(seconds: Double) {
    let text = ISO8601Timestamp.format(Date(timeIntervalSince1970: seconds))
    #expect(text == "9999-12-31T23:59:59.999Z" || text == "0000-01-01T00:00:00.000Z")
  }

  @Test func globalUpdatedAtBeyondYear9999IsUnknown() throws {
    let body = Data(#"{"data":{"updated_at":1e300,"active_cryptocurrencies":5}}"#.utf8)
    let stats = try CoinGeckoClient.decodeGlobal(body).stats(currency: "usd")
    #expect(stats.updatedAt == nil)
    expectEqual(stats.activeCoins, 5)
  }
}
