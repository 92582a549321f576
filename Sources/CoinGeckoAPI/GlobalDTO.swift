/// CoinGecko's `/global` answer: `{"data": {…}}`.
package struct GlobalDTO: Decodable, Sendable {
  struct DataDTO: Decodable, Sendable {
    var activeCryptocurrencies: Int?
    var markets: Int?
    var totalMarketCap: [String: Double?]?
    var totalVolume: [String: Double?]?
    var marketCapPercentage: [String: Double?]?
    var marketCapChangePercentage24hUsd: Double?
    var updatedAt: Double?

    enum CodingKeys: String, CodingKey {
      case markets
      case activeCryptocurrencies = "active_cryptocurrencies"
      case totalMarketCap = "total_market_cap"
      case totalVolume = "total_volume"
      case marketCapPercentage = "market_cap_percentage"
      case marketCapChangePercentage24hUsd = "market_cap_change_percentage_24h_usd"
      case updatedAt = "updated_at"
    }
  }

  var data: DataDTO
}
