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

  @Test(arguments: [
    ("100", "100"), ("0001.2300", "1.23"), ("-0.000", "0"), ("1,000,000.00", "1000000"),
    ("9999999999999999999", "9999999999999999999"),
    ("12345678901234567890000", "12345678901234567890000"),
    ("1.0000000000000000000000", "1"), ("-0.0012000", "-0.0012"),
  ])
  func writesEachFigureWithoutItsSpareZeros(text: String, written: String) throws {
    let reading = try #require(ImportNumber.read(text))
    #expect(reading.value.description == written)
  }

  @Test func readsAPartOfALongerText() throws {
    let reading = try #require(ImportNumber.read("x0.250 BTC".dropFirst()))
    #expect(reading == .init(value: Decimal(string: "0.25")!, unit: "BTC"))
  }

  @Test func keepsTheSmallestExponentADecimalHoldsWithZerosAfterIt() {
    #expect(ImportNumber.read("1.0e-120") != nil)
    #expect(ImportNumber.read("1e-121") == nil)
  }
}
