import FoundationEssentials

extension Transaction {
  /// The member of a transaction's object in the file that marks it as income.
  static let incomeKey = "income"

  /// Whether the coins came in as income (staking, a reward, an airdrop); only a transfer in
  /// is marked so. Kept in the file as `"income": true` among the members ``extra`` carries.
  public var isIncome: Bool {
    get {
      kind == .transferIn && extra.contains { $0.key == Self.incomeKey && $0.value == .bool(true) }
    }
    set {
      extra.removeAll { $0.key == Self.incomeKey }
      if newValue { extra.append(JSONMember(Self.incomeKey, .bool(true))) }
    }
  }
}
