import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct TableLayoutTests {
  private let plain = TextStyle(enabled: false)

  private var columns: [TableLayout.Column] {
    [
      TableLayout.Column(
        header: "Name", cells: ["Bitcoin", "Ethereum Classic"], flexible: 4...10, dropOrder: 1),
      TableLayout.Column(
        header: "Price", cells: ["$1.00", "$20.00"], colors: [.green, .red], alignRight: true),
      TableLayout.Column(header: "Vol", cells: ["1", "22"], alignRight: true, dropOrder: 0),
    ]
  }

  @Test func wideEnoughKeepsEveryColumnAndGrowsTheFlexibleOne() {
    #expect(
      TableLayout.render(columns, width: 100, style: plain) == [
        "Name         Price  Vol",
        "Bitcoin      $1.00    1",
        "Ethereum …  $20.00   22",
      ])
  }

  @Test func flexibleColumnShrinksBeforeAnythingIsDropped() {
    #expect(
      TableLayout.render(columns, width: 18, style: plain) == [
        "Name    Price  Vol",
        "Bitc…   $1.00    1",
        "Ethe…  $20.00   22",
      ])
  }

  @Test func lowestDropOrderGoesFirst() {
    expectEqual(TableLayout.fit(columns, width: 16).map(\.column.header), ["Name", "Price"])
    expectEqual(TableLayout.fit(columns, width: 16).map(\.width), [8, 6])
    expectEqual(TableLayout.fit(columns, width: 11).map(\.column.header), ["Price"])
  }

  @Test func columnsThatNeverDropStay() {
    expectEqual(TableLayout.fit(columns, width: 1).map(\.column.header), ["Price"])
  }

  @Test func aTableTooWideDropsAFlexibleColumnRatherThanCutItToAnEllipsis() {
    // At their minimum, 10 + 6 + 5 cells and two gaps of 2 make 25. Nothing may drop by its
    // order, so below 25 the flexible column gives way whole; before, it was cut down to one
    // cell, a column of `…` alone.
    let columns = [
      TableLayout.Column(header: "Date", cells: ["2021-01-20"]),
      TableLayout.Column(header: "Name", cells: ["Bitcoin"], flexible: 6...30),
      TableLayout.Column(header: "Gain", cells: ["$5.00"], alignRight: true),
    ]
    expectEqual(TableLayout.fit(columns, width: 25).map(\.width), [10, 6, 5])
    #expect(
      TableLayout.render(columns, width: 24, style: plain) == [
        "Date         Gain",
        "2021-01-20  $5.00",
      ])
    // What cannot give way runs past the width.
    expectEqual(TableLayout.fit(columns, width: 5).map(\.width), [10, 5])
    let empty = TableLayout.Column(header: "", cells: [], flexible: 0...5)
    expectEqual(TableLayout.fit([columns[0], empty], width: 5).map(\.width), [10])
  }

  @Test func theIdentifyingColumnIsNeverCutNorDropped() {
    let columns = [
      TableLayout.Column(
        header: "Coin", cells: ["BITCOINCASH"], flexible: 4...6, dropOrder: 0, identifying: true),
      TableLayout.Column(header: "Price", cells: ["$1.00"], alignRight: true),
    ]
    #expect(
      TableLayout.render(columns, width: 10, style: plain) == [
        "Coin         Price",
        "BITCOINCASH  $1.00",
      ])
  }

  @Test func aWrappingColumnThatGivesWayGoesUnderItsRow() {
    let columns = [
      TableLayout.Column(header: "Coin", cells: ["BTC", "ETH"], identifying: true),
      TableLayout.Column(
        header: "Wallet", cells: ["kraken-pro", ""], flexible: 6...16, dropOrder: 0,
        wrapsUnderRow: true),
      TableLayout.Column(header: "Value", cells: ["$20,000.00", "$6,150.00"], alignRight: true),
    ]
    #expect(
      TableLayout.render(columns, width: 30, style: plain) == [
        "Coin  Wallet           Value",
        "BTC   kraken-pro  $20,000.00",
        "ETH                $6,150.00",
      ])
    // 4 + 6 + 10 and two gaps make 24: at 22 the wallet goes under its row (none for ETH).
    #expect(
      TableLayout.render(columns, width: 22, style: plain) == [
        "Coin       Value",
        "BTC   $20,000.00",
        "    Wallet: kraken-pro",
        "ETH    $6,150.00",
      ])
    #expect(
      TableLayout.lineGroups(columns, width: 22, style: plain) == [
        ["Coin       Value"], ["BTC   $20,000.00", "    Wallet: kraken-pro"],
        ["ETH    $6,150.00"],
      ])
  }

  @Test func shortHeadersAreTheFirstThingATableGivesUp() {
    let columns = [
      TableLayout.Column(header: "Coin", cells: ["BTC"], identifying: true),
      TableLayout.Column(
        header: "Realized P/L", cells: ["+$1.00"], alignRight: true, shortHeader: "P/L"),
      TableLayout.Column(header: "Fee", cells: ["$0.10"], alignRight: true, dropOrder: 0),
    ]
    // In full 4 + 12 + 5 and two gaps make 25; with "P/L", 19.
    #expect(
      TableLayout.fit(columns, width: 25).map(\.column.header) == ["Coin", "Realized P/L", "Fee"])
    #expect(
      TableLayout.render(columns, width: 24, style: plain) == [
        "Coin     P/L    Fee",
        "BTC   +$1.00  $0.10",
      ])
    expectEqual(TableLayout.fit(columns, width: 15).map(\.column.header), ["Coin", "P/L"])
  }

  @Test func lastLeftAlignedColumnIsNotPadded() {
    let columns = [
      TableLayout.Column(header: "#", cells: ["1", "10"], alignRight: true),
      TableLayout.Column(header: "Name", cells: ["A", "Bee"]),
    ]
    #expect(
      TableLayout.render(columns, width: 40, style: plain) == [" #  Name", " 1  A", "10  Bee"])
  }

  @Test func aColumnShortOfCellsIsBlankWhereItHasNone() {
    let columns = [
      TableLayout.Column(header: "Coin", cells: ["BTC", "ETH", "SOL"], colors: [.green]),
      TableLayout.Column(header: "Note", cells: ["first"]),
    ]
    #expect(
      TableLayout.render(columns, width: 40, style: plain) == [
        "Coin  Note", "BTC   first", "ETH", "SOL",
      ])
  }

  @Test func chartColumnIsRedrawnForItsWidth() {
    let chart = TableLayout.Column(
      header: "Chart", cells: [String(repeating: "x", count: 24)], flexible: 5...24, dropOrder: 0,
      cellsForWidth: { [String(repeating: "y", count: $0)] })
    let fitted = TableLayout.fit([chart], width: 9)
    expectEqual(fitted.map(\.width), [9])
    expectEqual(fitted.first?.column.cells, ["yyyyyyyyy"])
  }

  @Test func colorsWrapCellsOnlyWhenEnabled() {
    let lines = TableLayout.render(columns, width: 100, style: TextStyle(enabled: true))
    #expect(
      lines[1]
        == "Bitcoin   " + "  " + "\u{1B}[32m $1.00\u{1B}[0m" + "  " + "  1")
    #expect(lines[0].hasPrefix("\u{1B}[1mName      \u{1B}[0m"))
  }

  @Test func noRowsMeansOnlyTheHeader() {
    let empty = [TableLayout.Column(header: "Name", cells: [])]
    expectEqual(TableLayout.render(empty, width: 40, style: plain), ["Name"])
    expectEqual(TableLayout.render([], width: 40, style: plain), [])
  }
}
