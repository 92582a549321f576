import CoinGeckoAPI
import CoinsCurlTransport
import CoinsUnitTestSupport
import Testing

@Suite struct HeaderLineTests {
  @Test(arguments: [
    ("HTTP/1.1 429 Too Many Requests\r\n", HeaderLine.status),
    ("HTTP/2 200\r\n", .status),
    ("Retry-After: 1\r\n", .field(name: "retry-after", value: "1")),
    ("X-Odd:\t spaced value \t\r\n", .field(name: "x-odd", value: "spaced value")),
    ("Empty:\r\n", .field(name: "empty", value: "")),
    (
      "Date: Mon, 30 Nov 2026 12:59:48 GMT\n",
      .field(name: "date", value: "Mon, 30 Nov 2026 12:59:48 GMT")
    ),
    ("\r\n", .other),
  ])
  func reads(line: String, expected: HeaderLine) {
    expectEqual(HeaderLine(line), expected)
  }
}
