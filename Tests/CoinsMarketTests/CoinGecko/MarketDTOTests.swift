import CoinGeckoAPI
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketDTOTests {
  private var dto: MarketDTO { MarketDTO(id: "x", symbol: "x", name: "X") }

  @Test func nonFiniteNumbersBecomeUnknown() {
    var dto = self.dto
    dto.currentPrice = .infinity
    dto.marketCap = .nan
    dto.totalVolume = -.infinity
    dto.priceChangePercentage1hInCurrency = .nan
    dto.priceChangePercentage24hInCurrency = .infinity
    dto.priceChangePercentage7dInCurrency = -.infinity
    dto.high24h = .nan
    dto.circulatingSupply = .infinity
    dto.sparklineIn7d = MarketDTO.Sparkline(price: [1, .nan, .infinity, 2])
    let coin = dto.coin
    #expect(coin.price == nil)
    #expect(coin.marketCap == nil)
    #expect(coin.volume == nil)
    #expect(coin.change1h == nil)
    #expect(coin.change24h == nil)
    #expect(coin.change7d == nil)
    #expect(coin.high24h == nil)
    #expect(coin.circulatingSupply == nil)
    expectEqual(coin.sparkline, [1, nil, nil, 2])
  }

  @Test func sparklinePointsBelowZeroBecomeUnknownAndPossibleOnesStay() {
    var dto = self.dto
    dto.sparklineIn7d = MarketDTO.Sparkline(price: [3, nil, -0.5, 0, 4])
    expectEqual(dto.coin.sparkline, [3, nil, nil, 0, 4])
    dto.sparklineIn7d = MarketDTO.Sparkline(price: [3, nil, 0.25, 0, 4])
    expectEqual(dto.coin.sparkline, [3, nil, 0.25, 0, 4])
    dto.sparklineIn7d = MarketDTO.Sparkline(price: [])
    expectEqual(dto.coin.sparkline, [])
  }

  @Test func negativePricesCapsAndVolumesBecomeUnknown() {
    var dto = self.dto
    dto.currentPrice = -1
    dto.marketCap = -5e9
    dto.totalVolume = -0.5
    dto.low24h = -2
    dto.maxSupply = -21
    dto.ath = -3
    let coin = dto.coin
    #expect(coin.price == nil)
    #expect(coin.marketCap == nil)
    #expect(coin.volume == nil)
    #expect(coin.low24h == nil)
    #expect(coin.maxSupply == nil)
    #expect(coin.allTimeHigh == nil)
  }

  @Test func negativeChangesAreKept() {
    var dto = self.dto
    dto.priceChangePercentage1hInCurrency = -0.25
    dto.priceChangePercentage24hInCurrency = -12.5
    dto.priceChangePercentage7dInCurrency = -99.9
    let coin = dto.coin
    expectEqual(coin.change1h, -0.25)
    expectEqual(coin.change24h, -12.5)
    expectEqual(coin.change7d, -99.9)
  }

  @Test func zeroIsAValueNotUnknown() {
    var dto = self.dto
    dto.currentPrice = 0
    dto.totalVolume = 0
    dto.priceChangePercentage24hInCurrency = 0
    let coin = dto.coin
    expectEqual(coin.price, 0)
    expectEqual(coin.volume, 0)
    expectEqual(coin.change24h, 0)
  }

  @Test(arguments: [0, -1, -250])
  func ranksBelowOneAreUnknown(rank: Int) {
    var dto = self.dto
    dto.marketCapRank = rank
    #expect(dto.coin.rank == nil)
  }

  @Test func the24hChangeFallsBackToThePlainField() {
    var dto = self.dto
    dto.priceChangePercentage24h = 2.5
    expectEqual(dto.coin.change24h, 2.5)
    dto.priceChangePercentage24hInCurrency = 3.75
    expectEqual(dto.coin.change24h, 3.75)
  }

  @Test func unreadableDatesBecomeUnknown() {
    var dto = self.dto
    dto.athDate = "yesterday"
    dto.atlDate = "2013-07-06"
    dto.lastUpdated = "2025-07-25T14:53:48.000Z"
    let coin = dto.coin
    #expect(coin.allTimeHighDate == nil)
    #expect(coin.allTimeLowDate == nil)
    expectEqual(coin.lastUpdated, Date(timeIntervalSince1970: 1_753_455_228))
  }

  @Test func stringsAreSanitized() {
    let dto = MarketDTO(
      id: " bit\u{0}coin ", symbol: "\u{202E}ctb", name: "Bit\u{1B}[1mcoin\u{1B}[0m\n\tCash")
    let coin = dto.coin
    expectEqual(coin.id, "bitcoin")
    expectEqual(coin.symbol, "ctb")
    expectEqual(coin.name, "Bitcoin Cash")
  }
}
