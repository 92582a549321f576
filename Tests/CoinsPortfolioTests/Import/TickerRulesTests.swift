import CoinsImport
import Testing

@Suite struct TickerRulesTests {
  @Test(arguments: [
    ("XXBT", "BTC"), ("XBT", "BTC"), ("XBT.M", "BTC"), ("XETH", "ETH"), ("XXDG", "DOGE"),
    ("XDG", "DOGE"), ("DOT.S", "DOT"), ("DOT28.S", "DOT"), ("ETH2.S", "ETH"), ("USDC.M", "USDC"),
    ("ADA.HOLD", "ADA"), ("SOL03.S", "SOL"), ("TRX.S", "TRX"), ("BTC", "BTC"), ("1INCH", "1INCH"),
  ])
  func krakenCoins(ticker: String, expected: String) {
    #expect(TickerRules.kraken(ticker) == .coin(expected))
  }

  @Test func krakenFiatIsMoney() {
    #expect(TickerRules.kraken("ZEUR") == .money("EUR"))
    #expect(TickerRules.kraken("ZUSD") == .money("USD"))
    #expect(TickerRules.kraken("EUR.HOLD") == .money("EUR"))
    #expect(TickerRules.kraken("GBP") == .money("GBP"))
  }

  @Test func coinbaseRenamesAndFiat() {
    #expect(TickerRules.coinbase("ETH2") == .coin("ETH"))
    #expect(TickerRules.coinbase("CGLD") == .coin("CELO"))
    #expect(TickerRules.coinbase("eur") == .money("EUR"))
    // A fiat code is never a ticker to map; a stablecoin is a coin.
    #expect(TickerRules.plain("USD") == .money("USD"))
    #expect(TickerRules.plain("USDT") == .coin("USDT"))
  }

  @Test(arguments: [
    ("XXBTZEUR", "XXBT", "ZEUR"), ("XTZEUR", "XTZ", "EUR"), ("CHZEUR", "CHZ", "EUR"),
    ("XBTUSDC", "XBT", "USDC"), ("DOTUSD", "DOT", "USD"), ("XETHXXBT", "XETH", "XXBT"),
    ("OPUSD", "OP", "USD"), ("ETH/EUR", "ETH", "EUR"),
  ])
  func splitsKrakenPairs(pair: String, base: String, quote: String) throws {
    let split = try #require(TickerRules.split(pair: pair, quotes: KrakenTradesFormat.quotes))
    #expect(split.base == base && split.quote == quote)
  }

  @Test func splitsBinanceAndDashedPairs() {
    #expect(
      TickerRules.split(pair: "1INCHUSDT", quotes: BinanceSpotFormat.quotes)! == ("1INCH", "USDT"))
    #expect(TickerRules.split(pair: "BNBBTC", quotes: BinanceSpotFormat.quotes)! == ("BNB", "BTC"))
    #expect(TickerRules.split(pair: "KCS/BTC", quotes: [])! == ("KCS", "BTC"))
    #expect(TickerRules.split(pair: "XTZ-USDT", quotes: [])! == ("XTZ", "USDT"))
    #expect(TickerRules.split(pair: "NOPE", quotes: ["USDT"]) == nil)
  }
}
