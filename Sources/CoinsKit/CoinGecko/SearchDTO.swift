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

/// One coin found by `/search`.
public struct SearchResult: Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The symbol, lower-cased.
  public var symbol: String
  /// The name.
  public var name: String
  /// The market-cap rank, when it has one.
  public var rank: Int?

  /// Creates a result.
  public init(id: String, symbol: String, name: String, rank: Int?) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.rank = rank
  }
}

extension SearchDTO.CoinDTO {
  var result: SearchResult {
    SearchResult(
      id: Sanitizer.clean(id), symbol: Sanitizer.clean(symbol).lowercased(),
      name: Sanitizer.clean(name), rank: marketCapRank.flatMap { $0 >= 1 ? $0 : nil })
  }
}
