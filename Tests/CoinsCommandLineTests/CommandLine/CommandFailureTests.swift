import CoinGeckoAPI
import CoinsCommandLine
import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Testing

/// `CommandFailure`: the one table from a kind of failure to an exit status, the kinds the
/// layers' errors become, and the one place a failure is printed.
@Suite struct CommandFailureTests {
  @Test func eachKindHasTheStatusTheManualDocuments() {
    expectEqual(CommandFailure.successStatus, 0)
    expectEqual(CommandFailure.Kind.usage.exitStatus, 64)
    expectEqual(CommandFailure.Kind.badData.exitStatus, 65)
    expectEqual(CommandFailure.Kind.unavailable.exitStatus, 69)
    expectEqual(CommandFailure.Kind.temporary.exitStatus, 75)
    expectEqual(CommandFailure.Kind.configuration.exitStatus, 78)
    expectEqual(CommandFailure.Kind.other.exitStatus, 1)
    expectEqual(CommandFailure.Kind.allCases.count, 6)
  }

  @Test func portfolioFileProblemsAreBadDataOthersARefusal() {
    let path = "/home/me/.local/share/coins/portfolio.json"
    expectEqual(CommandFailure(PortfolioError.corrupt(path: path, detail: "x")).exitStatus, 65)
    expectEqual(CommandFailure(PortfolioError.newerVersion(path: path, version: 2)).exitStatus, 65)
    expectEqual(CommandFailure(PortfolioError.unreadable(path: path, reason: "x")).exitStatus, 65)
    expectEqual(CommandFailure(PortfolioError.writeFailed(path: path, reason: "x")).exitStatus, 1)
    expectEqual(CommandFailure(PortfolioError.notHeld("x")).exitStatus, 1)
    #expect(
      CommandFailure(PortfolioError.removingMoreThanHeld(id: "x", held: 1, asked: 2)).exitStatus
        == 1)
    #expect(
      CommandFailure(PortfolioError.notHeld("solana")).messages
        == ["The portfolio holds no solana."])
  }

  @Test func coinGeckoOutOfReachIsUnavailableARefusalIsNot() {
    expectEqual(CommandFailure(CoinGeckoError.offline(host: "api.coingecko.com")).exitStatus, 69)
    expectEqual(CommandFailure(CoinGeckoError.timedOut(seconds: 10)).exitStatus, 69)
    expectEqual(CommandFailure(CoinGeckoError.unknownCurrency("xyz")).exitStatus, 1)
    expectEqual(CommandFailure(CoinGeckoError.planLimit(code: 401, message: "x")).exitStatus, 1)
  }

  @Test func aFailureIsPrintedOnceAsErrorLinesAndReturnsItsStatus() {
    let stderr = CapturingSink()
    let failure = CommandFailure(
      messages: ["Unknown coin 'solanna'.", "Unknown coin 'nosuchcoin'."], kind: .other)
    expectEqual(CoinsCLI.report(failure, to: stderr), 1)
    #expect(
      stderr.text == "Error: Unknown coin 'solanna'.\nError: Unknown coin 'nosuchcoin'.\n")
  }

  @Test func aFailureTheWarningsExplainedPrintsNothingMore() {
    let stderr = CapturingSink()
    expectEqual(CoinsCLI.report(CommandFailure(messages: [], kind: .temporary), to: stderr), 75)
    expectEqual(stderr.text, "")
  }

  @Test func aUsageFailureFoundWhenRunningPrintsTheUsageLineAndHint() {
    let stderr = CapturingSink()
    let failure = CommandFailure(
      UsageError("The date 2030-01-01 is in the future.", commandPath: ["portfolio", "remove"]))
    expectEqual(CoinsCLI.report(failure, to: stderr), 64)
    #expect(
      stderr.text.hasPrefix(
        "Error: The date 2030-01-01 is in the future.\nUsage: coins portfolio remove "))
    #expect(stderr.text.hasSuffix("  See 'coins portfolio remove --help' for more information.\n"))
  }
}
