import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioCodecTests {
  private func decode(_ text: String) throws -> Portfolio {
    let (portfolio, newer) = try PortfolioCodec.decode(Array(text.utf8))
    #expect(newer == nil)
    return portfolio
  }

  /// The detail the codec refuses `text` with, or `nil` when it decodes.
  private func detail(_ text: String) -> String? {
    do {
      _ = try PortfolioCodec.decode(Array(text.utf8))
      return nil
    } catch {
      return error.detail
    }
  }

  /// The portfolio and version of `text`.
  private func decodeWithVersion(_ text: String) throws -> (Portfolio, Int) {
    try PortfolioCodec.decodeWithVersion(Array(text.utf8))
  }

  private func lot(_ amount: String) -> String { #"{"amount": "\#(amount)"}"# }

  private func holdings(_ body: String) -> String { #"{"version": 1, "holdings": [\#(body)]}"# }

  static let canonical = """
    {
      "version": 1,
      "holdings": [
        {
          "id": "bitcoin",
          "lots": [
            {
              "amount": "0.5",
              "cost": "42000",
              "costCurrency": "usd",
              "date": "2026-11-29T14:00:00.000Z"
            },
            {
              "amount": "0.25"
            }
          ]
        },
        {
          "id": "ethereum",
          "lots": [
            {
              "amount": "2",
              "cost": "2500.5",
              "costCurrency": "eur"
            }
          ]
        }
      ]
    }

    """

  @Test func decodesEveryField() throws {
    let portfolio = try decode(Self.canonical)
    #expect(
      portfolio
        == Portfolio(holdings: [
          Holding(
            id: "bitcoin",
            lots: [
              PortfolioFixtures.lot(
                "0.5", cost: "42000", currency: "usd", date: "2026-11-29T14:00:00Z"),
              PortfolioFixtures.lot("0.25"),
            ]),
          Holding(
            id: "ethereum", lots: [PortfolioFixtures.lot("2", cost: "2500.5", currency: "eur")]),
        ]))
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, PortfolioFixtures.decimal("0.75"))
  }

  /// ``canonical`` as version 2 wrote it, after the store gave its lots ids.
  static let canonicalVersion2 = """
    {
      "version": 2,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {
              "id": "1",
              "type": "buy",
              "amount": "0.5",
              "price": "42000",
              "currency": "usd",
              "date": "2026-11-29T14:00:00.000Z"
            },
            {
              "id": "2",
              "type": "buy",
              "amount": "0.25"
            }
          ]
        },
        {
          "id": "ethereum",
          "transactions": [
            {
              "id": "3",
              "type": "buy",
              "amount": "2",
              "price": "2500.5",
              "currency": "eur"
            }
          ]
        }
      ]
    }

    """

  /// ``canonical`` as version 3 writes it: each transaction on one line.
  static let canonicalVersion3 = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2026-11-29T14:00:00.000Z"},
            {"id": "2", "type": "buy", "amount": "0.25"}
          ]
        },
        {
          "id": "ethereum",
          "transactions": [
            {"id": "3", "type": "buy", "amount": "2", "price": "2500.5", "currency": "eur"}
          ]
        }
      ]
    }

    """

  @Test func versionOneLotsAreWrittenAsVersionThreeBuys() throws {
    var portfolio = try decode(Self.canonical)
    portfolio.assignMissingIDs()
    expectEqual(PortfolioCodec.text(of: portfolio), Self.canonicalVersion3)
  }

  @Test func versionTwoIsWrittenAsVersionThree() throws {
    let (portfolio, version) = try decodeWithVersion(Self.canonicalVersion2)
    expectEqual(version, 2)
    expectEqual(PortfolioCodec.text(of: portfolio), Self.canonicalVersion3)
  }

  @Test func versionThreeEncodesToTheSameText() throws {
    let (portfolio, version) = try decodeWithVersion(Self.canonicalVersion3)
    expectEqual(version, 3)
    expectEqual(PortfolioCodec.text(of: portfolio), Self.canonicalVersion3)
  }

  @Test func everyTransactionFieldIsReadAndWritten() throws {
    let text = """
      {
        "version": 3,
        "holdings": [
          {
            "id": "bitcoin",
            "transactions": [
              {"id": "7", "type": "in", "amount": "1", "price": "100", "currency": "eur", "fee": "1.5", "feeCurrency": "usd", "date": "2026-03-01T00:00:00.000Z", "note": "airdrop ✨", "income": true, "externalId": "KRAKEN-L4X2", "wallet": "cold", "tag": [1.50, {"by": "hand"}]},
              {"id": "8", "type": "out", "amount": "0.25", "date": "2026-03-02T00:00:00.000Z", "wallet": "default"}
            ]
          }
        ]
      }

      """
    let (portfolio, _) = try decodeWithVersion(text)
    #expect(
      portfolio.holdings[0].transactions
        == [
          Transaction(
            id: "7", kind: .transferIn, amount: 1, price: 100, currency: "eur",
            fee: PortfolioFixtures.decimal("1.5"), feeCurrency: "usd",
            date: PortfolioFixtures.date("2026-03-01T00:00:00Z"), note: "airdrop ✨",
            externalID: "KRAKEN-L4X2", isIncome: true, wallet: "cold",
            extra: [KeptMember("tag", json: #"[1.50, {"by": "hand"}]"#)]),
          Transaction(
            id: "8", kind: .transferOut, amount: PortfolioFixtures.decimal("0.25"),
            date: PortfolioFixtures.date("2026-03-02T00:00:00Z")),
        ])
    expectEqual(portfolio.holdings[0].amount, PortfolioFixtures.decimal("0.75"))
    // The default wallet is not written.
    #expect(
      PortfolioCodec.text(of: portfolio) == text.replacing(#", "wallet": "default""#, with: ""))
  }

  @Test func aTransferInOfUnknownCostIsReadAndWrittenAndOnlyThat() throws {
    let text = """
      {
        "version": 3,
        "holdings": [
          {
            "id": "ethereum",
            "transactions": [
              {"id": "1", "type": "in", "amount": "1.5", "date": "2021-02-03T10:00:00.000Z", "externalId": "L2", "wallet": "kraken", "costUnknown": true}
            ]
          }
        ]
      }

      """
    let (portfolio, _) = try decodeWithVersion(text)
    #expect(portfolio.holdings[0].transactions[0].costUnknown)
    expectEqual(PortfolioCodec.text(of: portfolio), text)
    let priced =
      #"{"version": 3, "holdings": [{"id": "bitcoin", "transactions": [{"id": "1", "type": "in", "#
      + #""amount": "1", "price": "5", "costUnknown": true}]}]}"#
    #expect(
      detail(priced)
        == "holdings[0].transactions[0].costUnknown is only for a transfer in without a price")
  }

  @Test func theVersionMayComeAfterTheHoldings() throws {
    let text = """
      {"holdings": [{"id": "bitcoin", "transactions": [{"type": "buy", "amount": "1"}]}],
       "version": 3}
      """
    let (portfolio, version) = try decodeWithVersion(text)
    expectEqual(version, 3)
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, 1)
  }

  @Test func aVersionTwoMemberNamedLikeAVersionThreeFieldIsRenamedNotMisread() throws {
    let text = """
      {"version": 2, "holdings": [{"id": "bitcoin", "transactions": [
        {"id": "1", "type": "in", "amount": "1", "wallet": "cold", "income": true, "externalId": 7}
      ]}]}
      """
    let (portfolio, _) = try decodeWithVersion(text)
    let transfer = portfolio.holdings[0].transactions[0]
    expectEqual(transfer.wallet, Transaction.defaultWallet)
    #expect(!transfer.isIncome)
    #expect(transfer.externalID == nil)
    #expect(
      transfer.extra == [
        KeptMember("v2:wallet", json: #""cold""#), KeptMember("v2:income", json: "true"),
        KeptMember("v2:externalId", json: "7"),
      ])
  }

  @Test(arguments: [
    (
      #"{"id": "1", "type": "swap", "amount": "1"}"#,
      #"holdings[0].transactions[0].type should be one of "buy", "sell", "in", "out""#
    ),
    (
      #"{"id": 1, "type": "buy", "amount": "1"}"#,
      #"holdings[0].transactions[0].id should be a short string such as "3""#
    ),
    (
      #"{"id": "1", "type": "buy", "amount": "1", "fee": "-1"}"#,
      #"holdings[0].transactions[0].fee should be a decimal string such as "42000""#
    ),
    (
      #"{"id": "1", "type": "sell", "amount": "1"}"#,
      #"holdings[0].transactions[0] takes out 1, more than the 0 held at its date"#
    ),
  ])
  func refusesABadTransaction(transaction: String, expected: String) throws {
    for version in [2, 3] {
      let text =
        #"{"version": \#(version), "holdings": [{"id": "bitcoin", "transactions": [\#(transaction)]}]}"#
      expectEqual(detail(text), expected)
    }
  }

  @Test(arguments: [
    (
      #"{"type": "buy", "amount": "1", "income": true}"#,
      #"holdings[0].transactions[0].income is only for a transfer in ("type": "in")"#
    ),
    (
      #"{"type": "in", "amount": "1", "income": "yes"}"#,
      #"holdings[0].transactions[0].income should be true or false"#
    ),
    (
      #"{"type": "in", "amount": "1", "wallet": ""}"#,
      #"holdings[0].transactions[0].wallet should be a short string such as "kraken""#
    ),
    (
      #"{"type": "in", "amount": "1", "wallet": " cold"}"#,
      #"holdings[0].transactions[0].wallet should be a short string such as "kraken""#
    ),
    (
      #"{"type": "in", "amount": "1", "externalId": 42}"#,
      #"holdings[0].transactions[0].externalId should be a short string such as "TX-42""#
    ),
  ])
  func refusesABadVersionThreeField(transaction: String, expected: String) throws {
    let text =
      #"{"version": 3, "holdings": [{"id": "bitcoin", "transactions": [\#(transaction)]}]}"#
    expectEqual(detail(text), expected)
  }

  @Test func refusesATransactionIdTwice() throws {
    let one = #"{"id": "1", "type": "buy", "amount": "1"}"#
    let text = """
      {"version": 2, "holdings": [{"id": "bitcoin", "transactions": [\(one)]},
      {"id": "ethereum", "transactions": [\(one)]}]}
      """
    expectEqual(detail(text), #"holdings[1]: the transaction id "1" appears twice"#)
  }

  @Test func encodesAnEmptyPortfolio() {
    #expect(
      PortfolioCodec.text(of: Portfolio()) == "{\n  \"version\": 3,\n  \"holdings\": []\n}\n")
  }

  @Test func keepsUnknownMembersAtEveryLevel() throws {
    let text = """
      {
        "version": 1,
        "holdings": [
          {
            "id": "bitcoin",
            "lots": [
              {
                "amount": "0.5",
                "exchange": "kraken",
                "fees": [0.10, {"paid": true}]
              }
            ],
            "note": "cold wallet"
          }
        ],
        "owner": "me",
        "settings": {"theme": "dark"}
      }

      """
    var portfolio = try decode(text)
    expectEqual(portfolio.extra.map(\.key), ["owner", "settings"])
    expectEqual(portfolio.holdings[0].extra, [KeptMember("note", json: #""cold wallet""#)])
    expectEqual(portfolio.holdings[0].lots[0].extra.map(\.key), ["exchange", "fees"])
    portfolio.add(PortfolioFixtures.lot("1"), to: "bitcoin")
    // "fees" is no field of a later version, so it keeps its name; "note" was a holding's
    // member.
    #expect(
      PortfolioCodec.text(of: portfolio) == """
        {
          "version": 3,
          "holdings": [
            {
              "id": "bitcoin",
              "transactions": [
                {"type": "buy", "amount": "0.5", "exchange": "kraken", "fees": [0.10, {"paid": true}]},
                {"type": "buy", "amount": "1"}
              ],
              "note": "cold wallet"
            }
          ],
          "owner": "me",
          "settings": {
            "theme": "dark"
          }
        }

        """)
  }

  @Test func aVersionOneMemberNamedLikeAVersionTwoFieldIsRenamedNotMisread() throws {
    let portfolio = try decode(
      holdings(#"{"id": "bitcoin", "lots": [{"amount": "1", "fee": [1], "type": "sell"}]}"#))
    let buy = portfolio.holdings[0].transactions[0]
    expectEqual(buy.kind, .buy)
    #expect(buy.fee == nil)
    #expect(
      buy.extra == [KeptMember("v1:fee", json: "[1]"), KeptMember("v1:type", json: #""sell""#)])
  }

  @Test func handEditedNumbersAndNullCostAreAccepted() throws {
    let portfolio = try decode(
      holdings(
        #"{"id": "bitcoin", "lots": [{"amount": 0.5, "cost": null}, {"amount": 1, "cost": 0}]}"#))
    #expect(
      portfolio.holdings[0].lots == [
        PortfolioFixtures.lot("0.5"), PortfolioFixtures.lot("1", cost: "0"),
      ])
  }

  @Test func costCurrencyIsLowerCased() throws {
    let portfolio = try decode(
      holdings(#"{"id": "bitcoin", "lots": [{"amount": "1", "cost": "5", "costCurrency": "EUR"}]}"#)
    )
    expectEqual(portfolio.holdings[0].lots[0].costCurrency, "eur")
  }

  @Test func datesWithOffsetsAreRead() throws {
    let portfolio = try decode(
      holdings(
        #"{"id": "bitcoin", "lots": [{"amount": "1", "date": "2026-11-29T16:00:00+02:00"}]}"#))
    expectEqual(portfolio.holdings[0].lots[0].date, PortfolioFixtures.date("2026-11-29T14:00:00Z"))
  }

  @Test func anEmptyHoldingIsKept() throws {
    let portfolio = try decode(holdings(#"{"id": "bitcoin", "lots": []}"#))
    expectEqual(portfolio.holdings, [Holding(id: "bitcoin", lots: [])])
  }

  @Test func newerVersionIsReportedWithoutReadingTheRest() throws {
    let (portfolio, newer) = try PortfolioCodec.decode(
      Array(#"{"version": 4, "holdings": "a new shape"}"#.utf8))
    expectEqual(newer, 4)
    expectEqual(portfolio, Portfolio())
  }

  @Test(arguments: [
    (#"[]"#, "expected an object at the top, found an array"),
    (#""portfolio""#, "expected an object at the top, found a string"),
    (#"null"#, "expected an object at the top, found null"),
    (#"{"holdings": []}"#, #""version" is missing or not a whole number"#),
    (#"{"version": "1", "holdings": []}"#, #""version" is missing or not a whole number"#),
    (#"{"version": 1.0, "holdings": []}"#, #""version" is missing or not a whole number"#),
    (#"{"version": 1e0, "holdings": []}"#, #""version" is missing or not a whole number"#),
    (#"{"version": 0, "holdings": []}"#, #""version" 0 is not a known format"#),
    (#"{"version": -1, "holdings": []}"#, #""version" -1 is not a known format"#),
    (#"{"version": 1}"#, #""holdings" is missing or not an array"#),
    (#"{"version": 1, "holdings": {}}"#, #""holdings" is missing or not an array"#),
    (#"{"version": 1, "holdings": null}"#, #""holdings" is missing or not an array"#),
  ])
  func refusesABadTopLevel(text: String, expected: String) throws {
    expectEqual(detail(text), expected)
  }

  @Test(arguments: [
    (#""bitcoin""#, "holdings[0] should be an object, found a string"),
    (#"{"lots": []}"#, "holdings[0].id is missing or not a CoinGecko id"),
    (#"{"id": "", "lots": []}"#, "holdings[0].id is missing or not a CoinGecko id"),
    (#"{"id": 1, "lots": []}"#, "holdings[0].id is missing or not a CoinGecko id"),
    (#"{"id": " bitcoin", "lots": []}"#, "holdings[0].id is missing or not a CoinGecko id"),
    (
      #"{"id": "bit\u001b[31mcoin", "lots": []}"#, "holdings[0].id is missing or not a CoinGecko id"
    ),
    (#"{"id": "bitcoin"}"#, "holdings[0].lots is missing or not an array"),
    (#"{"id": "bitcoin", "lots": {"amount": "1"}}"#, "holdings[0].lots is missing or not an array"),
  ])
  func refusesABadHolding(body: String, expected: String) throws {
    expectEqual(detail(holdings(body)), expected)
  }

  @Test(arguments: [
    ("1", "holdings[0].lots[1] should be an object, found a number"),
    ("{}", #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#),
    (
      #"{"amount": "abc"}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": "0"}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": "-1"}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": -1}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": "nan"}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": 1e3}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": true}"#,
      #"holdings[0].lots[1].amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"amount": "1", "cost": "x"}"#,
      #"holdings[0].lots[1].cost should be a decimal string such as "42000""#
    ),
    (
      #"{"amount": "1", "cost": "-5"}"#,
      #"holdings[0].lots[1].cost should be a decimal string such as "42000""#
    ),
    (
      #"{"amount": "1", "cost": false}"#,
      #"holdings[0].lots[1].cost should be a decimal string such as "42000""#
    ),
    (
      #"{"amount": "1", "date": "yesterday"}"#,
      #"holdings[0].lots[1].date should be a time like "2026-11-29T14:00:00Z""#
    ),
  ])
  func refusesABadLot(second: String, expected: String) throws {
    let body = #"{"id": "bitcoin", "lots": [\#(lot("1")), \#(second)]}"#
    expectEqual(detail(holdings(body)), expected)
  }

  @Test
  func aWronglyTypedDateOrCurrencyIsNotSilentlyDropped() throws {
    for member in [#""date": 20261129"#, #""costCurrency": 840"#] {
      let text = holdings(#"{"id": "bitcoin", "lots": [{"amount": "1", \#(member)}]}"#)
      guard let portfolio = try? decode(text) else { continue }
      let rewritten = PortfolioCodec.text(of: portfolio)
      #expect(rewritten.contains(member))
    }
  }

  @Test func refusesTheSameIdTwice() throws {
    let body = [
      #"{"id": "bitcoin", "lots": []}"#, #"{"id": "ethereum", "lots": []}"#,
      #"{"id": "bitcoin", "lots": []}"#,
    ].joined(separator: ",")
    expectEqual(detail(holdings(body)), #"holdings[2]: "bitcoin" appears twice"#)
  }

  @Test func aLaterHoldingIsNamedByItsIndex() throws {
    let body = #"{"id": "bitcoin", "lots": []}, {"id": "ethereum", "lots": [{"amount": "x"}]}"#
    #expect(
      try detail(holdings(body))
        == #"holdings[1].lots[0].amount should be a positive decimal string such as "0.5""#)
  }
}
