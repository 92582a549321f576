import CoinsImport
import CoinsModel
import Testing

@Suite struct DelimitedRowsTests {
  private func rows(_ text: String, _ delimiter: Character = ",") throws -> [RawRow] {
    var reader = DelimitedRows(ImportText.utf8(Array(text.utf8)), delimiter: delimiter.asciiValue!)
    var rows: [RawRow] = []
    while let row = try reader.next() { rows.append(row) }
    return rows
  }

  @Test func splitsQuotedCellsAcrossCRLFAndBlankLines() throws {
    let read = try rows("\u{FEFF}a,\"b,\"\"c\"\"\"\r\n\r\n\"multi\nline\",d\n\ne,\n")
    #expect(read.map(\.line) == [1, 3, 6])
    #expect(read.map(\.cells) == [["a", "b,\"c\""], ["multi\nline", "d"], ["e", ""]])
  }

  @Test func splitsAtSemicolons() throws {
    #expect(try rows("a;\"b;c\";1,5\n", ";").map(\.cells) == [["a", "b;c", "1,5"]])
  }

  @Test func unwrapsARowQuotedWhole() throws {
    let read = try rows("\"2021-01-09,BTCUSDT,\"\"11,426.20\"\",0.1BTC\"\nplain\n")
    #expect(read.map(\.cells) == [["2021-01-09", "BTCUSDT", "11,426.20", "0.1BTC"], ["plain"]])
  }

  @Test func isLenientAroundQuotesButNotWithAnUnclosedOne() throws {
    #expect(try rows("a, \"b\" ,c\"d\n").map(\.cells) == [["a", "b ", "c\"d"]])
    #expect(throws: ImportError.self) { try rows("a\nb,\"never closed\n") }
  }

  @Test func readsWindows1252WhenTheFileIsNotUTF8() {
    #expect(ImportText.utf8([0x80, 0x33, 0x2C, 0xE9]) == Array("€3,é".utf8))
    #expect(ImportText.utf8(Array("€3,é".utf8)) == Array("€3,é".utf8))
    #expect(ImportText.utf8([0xEF, 0xBB, 0xBF, 0x61]) == [0x61])
  }
}
