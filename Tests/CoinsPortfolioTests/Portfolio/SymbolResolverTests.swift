import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct SymbolResolverTests {
  typealias Candidate = SymbolResolver.Candidate

  static let bitcoin = Candidate(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1)
  static let ethereum = Candidate(id: "ethereum", symbol: "eth", name: "Ethereum", rank: 2)
  static let solana = Candidate(id: "solana", symbol: "sol", name: "Solana", rank: 5)
  static let wrappedBitcoin = Candidate(
    id: "wrapped-bitcoin", symbol: "wbtc", name: "Wrapped Bitcoin", rank: 15)
  static let classic = Candidate(
    id: "ethereum-classic", symbol: "etc", name: "Ethereum Classic", rank: 30)
  static let bridged = Candidate(
    id: "ethereum-wormhole", symbol: "eth", name: "Wormhole Bridged ETH", rank: 640)
  static let scam = Candidate(id: "eth-token", symbol: "eth", name: "ETH", rank: nil)

  /// Bridged copies and unranked tokens first, so order in the list cannot be what wins.
  static let candidates = [scam, bridged, classic, wrappedBitcoin, solana, ethereum, bitcoin]

  @Test func theBestRankedExactSymbolMatchWins() {
    expectEqual(SymbolResolver.resolve("eth", among: Self.candidates), Self.ethereum)
    expectEqual(SymbolResolver.resolve("ETH", among: Self.candidates), Self.ethereum)
    expectEqual(SymbolResolver.resolve("btc", among: Self.candidates), Self.bitcoin)
  }

  @Test func aRankedCopyBeatsAnUnrankedOne() {
    expectEqual(SymbolResolver.resolve("eth", among: [Self.scam, Self.bridged]), Self.bridged)
  }

  @Test func unrankedTiesGoToTheFirstIdAlphabetically() {
    let later = Candidate(id: "zzz-eth", symbol: "eth", name: "Z", rank: nil)
    expectEqual(SymbolResolver.resolve("eth", among: [later, Self.scam]), Self.scam)
  }

  @Test func anIdMatchesWhenNoSymbolDoes() {
    expectEqual(SymbolResolver.resolve("bitcoin", among: Self.candidates), Self.bitcoin)
    expectEqual(SymbolResolver.resolve("Ethereum-Wormhole", among: Self.candidates), Self.bridged)
  }

  @Test func aNameMatchesWhenNeitherSymbolNorIdDoes() {
    #expect(
      SymbolResolver.resolve("wrapped bitcoin", among: Self.candidates) == Self.wrappedBitcoin)
    expectEqual(SymbolResolver.resolve("Ethereum Classic", among: Self.candidates), Self.classic)
  }

  @Test func idOnlyIgnoresSymbolsAndNames() {
    #expect(SymbolResolver.resolve("eth", among: Self.candidates, idOnly: true) == nil)
    expectEqual(SymbolResolver.resolve("Solana", among: Self.candidates, idOnly: true), Self.solana)
    #expect(
      SymbolResolver.resolve("ethereum-wormhole", among: Self.candidates, idOnly: true)
        == Self.bridged)
    #expect(SymbolResolver.resolve("Wrapped Bitcoin", among: Self.candidates, idOnly: true) == nil)
  }

  @Test func nothingMatchesAnUnknownCoin() {
    #expect(SymbolResolver.resolve("doge", among: Self.candidates) == nil)
    #expect(SymbolResolver.resolve("eth", among: []) == nil)
  }

  @Test
  func aLowRankedSymbolDoesNotBeatTheTopCoinsId() {
    let impostor = Candidate(
      id: "harrypotterobamasonic10inu", symbol: "bitcoin", name: "HarryPotterObamaSonic10Inu",
      rank: 640)
    expectEqual(SymbolResolver.resolve("bitcoin", among: [impostor, Self.bitcoin]), Self.bitcoin)
  }

  @Test func typosSuggestTheCloseCoinsBestRankedFirst() {
    #expect(
      SymbolResolver.suggestions(for: "eht", among: Self.candidates)
        == [Self.ethereum, Self.classic, Self.bridged, Self.scam])
    #expect(
      SymbolResolver.suggestions(for: "btcc", among: Self.candidates)
        == [Self.bitcoin, Self.wrappedBitcoin, Self.classic])
  }

  @Test func prefixesAndContainedTextCountAsExact() {
    #expect(
      SymbolResolver.suggestions(for: "ether", among: Self.candidates)
        == [Self.ethereum, Self.classic, Self.bridged, Self.scam])
    #expect(
      SymbolResolver.suggestions(for: "coin", among: Self.candidates)
        == [Self.bitcoin, Self.wrappedBitcoin])
  }

  @Test func suggestionsStopAtTheLimitAndNameEachCoinOnce() {
    #expect(
      SymbolResolver.suggestions(for: "eht", among: Self.candidates + Self.candidates, limit: 2)
        == [Self.ethereum, Self.classic])
  }

  @Test func garbageSuggestsNothing() {
    expectEqual(SymbolResolver.suggestions(for: "zzzzqqq", among: Self.candidates), [])
    expectEqual(SymbolResolver.suggestions(for: "qq", among: Self.candidates), [])
  }

  @Test func betterRankedOrdersByRankThenUnrankedThenId() {
    let sorted = Self.candidates.sorted(by: SymbolResolver.Candidate.rankOrder)
    #expect(
      sorted.map(\.id) == [
        "bitcoin", "ethereum", "solana", "wrapped-bitcoin", "ethereum-classic",
        "ethereum-wormhole", "eth-token",
      ])
  }

  @Test func candidatesFromMarketRowsHaveLowerCaseSymbols() {
    let coin = Coin(id: "bitcoin", symbol: "BTC", name: "Bitcoin", rank: 1, price: 50_000)
    expectEqual(Candidate(coin), Self.bitcoin)
    let result = SearchResult(id: "solana", symbol: "sol", name: "Solana", rank: 5)
    expectEqual(Candidate(result), Self.solana)
  }
}
