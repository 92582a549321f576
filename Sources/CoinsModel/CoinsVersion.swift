/// The version of `coins`, as `coins --version` prints it and the `User-Agent` carries it.
public enum CoinsVersion {
  /// The current version string.
  public static let current = "0.1.0"
}
