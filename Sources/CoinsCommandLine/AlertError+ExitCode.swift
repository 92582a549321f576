import CoinsModel

extension AlertError {
  /// 65 for a file that cannot be read, 1 otherwise.
  package var exitCode: Int32 {
    switch self {
    case .corrupt, .newerVersion, .unreadable: ExitCode.dataError
    case .writeFailed, .noSuchAlert: ExitCode.failure
    }
  }
}
