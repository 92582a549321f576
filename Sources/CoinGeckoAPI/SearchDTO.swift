import CoinsModel

/// CoinGecko's `/search` answer; only its coins matter here.
struct SearchDTO: Decodable, Sendable {
  struct CoinDTO: Decodable, Sendable {
    var id: String
    var name: String
    var symbol: String
    var marketCapRank: Int?

    enum CodingKeys: String, CodingKey {
      case id, name, symbol
      case marketCapRank = "market_cap_rank"
    }
  }

  var coins: [CoinDTO]
}

extension SearchDTO.CoinDTO {
  var result: SearchResult {
    SearchResult(
      id: Sanitizer.clean(id), symbol: Sanitizer.clean(symbol).lowercased(),
      name: Sanitizer.clean(name), rank: marketCapRank.flatMap { $0 >= 1 ? $0 : nil })
  }
}
