import CoinsImport
import Foundation
import Testing

@Suite struct ImportNumberTests {
  @Test(arguments: [
    ("0.5", "0.5", ""), ("-3.605E-05", "-0.00003605", ""), ("1.0e-08", "0.00000001", ""),
    ("€3343.11229989", "3343.11229989", "€"), ("-€597.49846", "-597.49846", "€"),
    ("€-597.49", "-597.49", "€"), ("$0.00", "0", "$"), ("0.5BTC", "0.5", "BTC"),
    ("1.00000000 ETH", "1", "ETH"), ("0.0004790000ETH", "0.000479", "ETH"),
    ("11,426.2000000000", "11426.2", ""), ("1,234,567", "1234567", ""), (".25", "0.25", ""),
    ("  42 ", "42", ""), ("+7", "7", ""), ("2214.01 EUR", "2214.01", "EUR"),
    ("1.5EUR", "1.5", "EUR"),
  ])
  func readsTheFiguresExchangesWrite(text: String, value: String, unit: String) {
    #expect(ImportNumber.read(text) == .init(value: Decimal(string: value)!, unit: unit))
  }

  @Test(arguments: ["", "-", "abc", "0,5", "1,23", "1234,567", "1e999", "nan", "1-2", "€5$"])
  func refusesWhatIsNotANumber(text: String) {
    #expect(ImportNumber.read(text) == nil)
  }

  @Test func keepsThirtySixDigitsExactlyAndRoundsPastThirtyEight() throws {
    let long = try #require(ImportNumber.read("1077.13070172963885744240152779334955"))
    #expect(long.value.description == "1077.13070172963885744240152779334955")
    let forty = try #require(ImportNumber.read("0.1234567890123456789012345678901234567891"))
    #expect(forty.value.description == "0.12345678901234567890123456789012345679")
    let twenty = try #require(ImportNumber.read("12345678901234567890.5"))
    #expect(twenty.value.description == "12345678901234567890.5")
  }
}
