import CoinsPresentation
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
    #expect(TableLayout.fit(columns, width: 16).map(\.column.header) == ["Name", "Price"])
    #expect(TableLayout.fit(columns, width: 16).map(\.width) == [8, 6])
    #expect(TableLayout.fit(columns, width: 11).map(\.column.header) == ["Price"])
  }

  @Test func columnsThatNeverDropStay() {
    #expect(TableLayout.fit(columns, width: 1).map(\.column.header) == ["Price"])
  }

  @Test func aTableTooWideTakesTheRoomFromItsFlexibleColumnDownToOneCell() {
    // At their minimum, 10 + 4 + 5 cells and two gaps of 2 make 23. Nothing may drop, so the
    // flexible column gives up what is lacking: 2 at a width of 21, all but one cell at 12
    // (the line then runs past the width). Before, it got all the room lacking: at 12, a
    // negative width, and neither its header nor its cells.
    let columns = [
      TableLayout.Column(header: "Date", cells: ["2021-01-20"]),
      TableLayout.Column(header: "Coin", cells: ["BTC"], flexible: 6...30),
      TableLayout.Column(header: "Gain", cells: ["$5.00"], alignRight: true),
    ]
    #expect(TableLayout.fit(columns, width: 23).map(\.width) == [10, 4, 5])
    #expect(
      TableLayout.render(columns, width: 21, style: plain) == [
        "Date        C…   Gain",
        "2021-01-20  B…  $5.00",
      ])
    #expect(TableLayout.fit(columns, width: 12).map(\.width) == [10, 1, 5])
    #expect(
      TableLayout.render(columns, width: 12, style: plain) == [
        "Date        …   Gain",
        "2021-01-20  …  $5.00",
      ])
    // A flexible column with nothing in it is not made wider to give up room.
    let empty = TableLayout.Column(header: "", cells: [], flexible: 0...5)
    #expect(TableLayout.fit([columns[0], empty], width: 5).map(\.width) == [10, 0])
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
    #expect(fitted.map(\.width) == [9])
    #expect(fitted.first?.column.cells == ["yyyyyyyyy"])
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
    #expect(TableLayout.render(empty, width: 40, style: plain) == ["Name"])
    #expect(TableLayout.render([], width: 40, style: plain) == [])
  }
}
