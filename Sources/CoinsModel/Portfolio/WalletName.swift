/// The one rule a wallet's name is read by, wherever it is given — `--wallet`, `--from` and
/// `--to`, an import's `--wallet` and the `wallet` column of coins' own CSV: lower-cased, 1 to
/// 64 printable characters, no space at either end (`Cold Storage` is `cold storage`).
public enum WalletName {
  /// The longest name.
  public static let maxLength = 64

  /// The name `text` gives, lower-cased; `nil` when it is not one.
  public static func normalized(_ text: String) -> String? {
    let name = text.lowercased()
    guard !name.isEmpty, name.count <= maxLength, Sanitizer.clean(name) == name,
      name.first?.isWhitespace == false, name.last?.isWhitespace == false
    else { return nil }
    return name
  }
}
