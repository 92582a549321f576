/// How transactions are named to the user.
public enum TransactionWords {
  /// `buy`, `sell`, `transfer in`, `transfer out`.
  public static func kind(_ kind: TransactionKind) -> String {
    switch kind {
    case .buy: "buy"
    case .sell: "sell"
    case .transferIn: "transfer in"
    case .transferOut: "transfer out"
    }
  }
}
