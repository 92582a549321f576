import CoinsModel
import CoinsSupport

extension PortfolioCodec {
  /// The transactions written on one thread below this many; at or above it, the file is
  /// written in pieces on every core (a 100,000-transaction file of ~15 MB in about half the
  /// time on two).
  static let parallelThreshold = 20_000

  /// The file's bytes for a portfolio, in the current version.
  static func bytes(of portfolio: Portfolio) -> [UInt8] {
    bytes(of: portfolio, pieceSize: 1_024, threshold: parallelThreshold)
  }

  /// The file's bytes for a portfolio, its holdings cut into pieces of at most `pieceSize`
  /// transactions. With at least `threshold` transactions (and more than one core) the pieces
  /// are written on every core (``Parallel/map(_:weight:threshold:_:)``), each into a buffer of
  /// its own, joined in order; else all in one buffer, in this thread. The bytes are the same
  /// either way.
  package static func bytes(of portfolio: Portfolio, pieceSize: Int, threshold: Int) -> [UInt8] {
    let holdings = portfolio.holdings
    let pieces = Piece.cut(holdings, size: pieceSize)
    let count = holdings.reduce(0) { $0 + $1.transactions.count }
    guard count >= threshold, Parallel.cores > 1, pieces.count > 1 else {
      var output = JSONBytes(capacity: 180 * count + 64)
      writeStart(into: &output)
      for piece in pieces { piece.write(holdings, into: &output) }
      writeEnd(of: portfolio, into: &output)
      return output.bytes
    }
    var start = JSONBytes(capacity: 64)
    writeStart(into: &start)
    var joined = start.bytes
    joined.reserveCapacity(180 * count + 64)
    // Two pieces per core at a time, each wave's parts let go once joined: in memory the file
    // and one wave's parts, never the file twice (an import's peak is near its limit).
    let wave = 2 * Parallel.cores
    for first in stride(from: 0, to: pieces.count, by: wave) {
      let parts = Parallel.map(
        Array(pieces[first..<min(first + wave, pieces.count)]),
        weight: { $0.transactions.count + 1 }, threshold: 0
      ) { piece in
        var part = JSONBytes(capacity: 180 * piece.transactions.count + 64)
        piece.write(holdings, into: &part)
        return part.bytes
      }
      for part in parts { joined.append(contentsOf: part) }
    }
    var end = JSONBytes(capacity: 64)
    writeEnd(of: portfolio, into: &end)
    joined.append(contentsOf: end.bytes)
    return joined
  }

  /// The file up to its holdings.
  private static func writeStart(into output: inout JSONBytes) {
    output.append("{\n  \"version\": ")
    output.append(String(Portfolio.formatVersion))
    output.append(",\n  \"holdings\": ")
  }

  /// The file after its holdings' last transaction: the end of the holdings' array and the
  /// members after it.
  private static func writeEnd(of portfolio: Portfolio, into output: inout JSONBytes) {
    output.append(portfolio.holdings.isEmpty ? "[]" : "\n  ]")
    StatedBalanceCodec.write(portfolio.statedBalances, into: &output)
    AcceptanceCodec.write(portfolio.accepted, into: &output)
    members(portfolio.extra, indent: 2, into: &output)
    output.append("\n}\n")
  }

  /// `,\n<indent>"key": value` for each member, as ``JSONValueWriter`` writes them.
  private static func members(_ members: [KeptMember], indent: Int, into output: inout JSONBytes) {
    for member in members {
      var text = ",\n" + String(repeating: " ", count: indent)
      JSONText.append(member.key, to: &text)
      text += ": "
      JSONValueWriter.write(member.jsonMember.value, indent: indent, into: &text)
      output.append(text)
    }
  }

  /// A run of one holding's transactions, written with the holding's start when it is the
  /// run's first and its end when it is its last (an empty holding: one piece with both).
  struct Piece: Sendable {
    /// The holding's index in the portfolio.
    var holding: Int
    /// The indices of its transactions.
    var transactions: Range<Int>

    /// Every holding's transactions cut into pieces of at most `size`, in file order.
    static func cut(_ holdings: [Holding], size: Int) -> [Piece] {
      var pieces: [Piece] = []
      for (index, holding) in holdings.enumerated() {
        let count = holding.transactions.count
        var start = 0
        repeat {
          let end = min(count, start + max(size, 1))
          pieces.append(Piece(holding: index, transactions: start..<end))
          start = end
        } while start < count
      }
      return pieces
    }

    /// The piece's text, as it follows the one before it in the file.
    func write(_ holdings: [Holding], into output: inout JSONBytes) {
      let holding = holdings[self.holding]
      if transactions.lowerBound == 0 {
        output.append(self.holding == 0 ? "[\n    {\n      \"id\": " : ",\n    {\n      \"id\": ")
        output.appendString(holding.id)
        output.append(",\n      \"transactions\": ")
        if holding.transactions.isEmpty { output.append("[]") }
      }
      for position in transactions {
        output.append(position == 0 ? "[\n        " : ",\n        ")
        TransactionCodec.write(holding.transactions[position], into: &output)
      }
      if transactions.upperBound == holding.transactions.count {
        if !holding.transactions.isEmpty { output.append("\n      ]") }
        members(holding.extra, indent: 6, into: &output)
        output.append("\n    }")
      }
    }
  }
}
