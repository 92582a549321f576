/// The exit statuses `coins` uses (BSD `sysexits` where one fits).
public enum ExitCode {
  /// Success.
  public static let success: Int32 = 0
  /// A failure with no more specific status.
  public static let failure: Int32 = 1
  /// The command line was wrong (`EX_USAGE`).
  public static let usage: Int32 = 64
  /// A data file (the portfolio) is corrupt or unreadable (`EX_DATAERR`).
  public static let dataError: Int32 = 65
  /// CoinGecko could not be reached and no fallback was allowed or possible (`EX_UNAVAILABLE`).
  public static let unavailable: Int32 = 69
  /// A check could not be made on live data for now; trying again later may succeed
  /// (`EX_TEMPFAIL`).
  public static let temporaryFailure: Int32 = 75
  /// The config file has bad syntax or a bad value (`EX_CONFIG`).
  public static let config: Int32 = 78
}
