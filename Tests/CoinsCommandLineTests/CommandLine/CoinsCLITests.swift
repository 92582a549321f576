import CoinsCommandLine
import CoinsModel
import CoinsTerminal
import CoinsUnitTestSupport
import Foundation
import Testing

/// `CoinsCLI.run`: exit codes and exactly what reaches stdout and stderr, without the network.
@Suite struct CoinsCLITests {
  private struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private func execute(_ arguments: [String]) async -> Run {
    let stdout = CapturingSink()
    let stderr = CapturingSink()
    let transport = StubTransport(always: .failure(.offline))
    let context = CommandContext(
      environment: ["XDG_CACHE_HOME": "/nonexistent-coins-cache"], stdout: stdout, stderr: stderr,
      terminal: TerminalInfo(isTerminal: false, width: 80), timeSource: ManualTimeSource(),
      transport: transport, sampleLoader: { nil }, retryPolicy: .none)
    let status = await CoinsCLI.run(arguments: arguments, context: context)
    #expect(transport.requests.isEmpty)
    return Run(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  private static let topHint = "  See 'coins top --help' for more information.\n"

  @Test(arguments: [
    (["top", "0"], "The value '0' is invalid for '<n>': expected a whole number from 1 to 1000."),
    (
      ["top", "abc"],
      "The value 'abc' is invalid for '<n>': expected a whole number from 1 to 1000."
    ),
    (
      ["top", "-3"], "The value '-3' is invalid for '<n>': expected a whole number from 1 to 1000."
    ),
    (
      ["top", "1001"],
      "The value '1001' is invalid for '<n>': expected a whole number from 1 to 1000."
    ),
    (["top", "5", "6"], "Unexpected argument '6'"),
    (["top", "--curency", "eur"], "Unknown option '--curency'. Did you mean '--currency'?"),
    (
      ["top", "--sort", "foo"],
      "The value 'foo' is invalid for '--sort <field>'. Please provide one of 'rank', 'price', "
        + "'change1h', 'change24h', 'change7d', 'marketcap', 'volume', 'name'."
    ),
    (
      ["top", "--color", "sometimes"],
      "The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', "
        + "'always', 'never'."
    ),
    (
      ["top", "--max-age", "-1"],
      "The value '-1' is invalid for '--max-age <seconds>': expected a number of seconds, from 0 "
        + "to 10000000."
    ),
    (
      ["top", "--timeout", "0"],
      "The value '0' is invalid for '--timeout <seconds>': expected a number of seconds, more than 0 and at most 600."
    ),
    (["top", "--json", "--csv"], "'--json' and '--csv' cannot be used together."),
    (["top", "--currency"], "Missing value for '--currency <code>'"),
  ])
  func topUsageErrors(arguments: [String], message: String) async {
    let run = await execute(arguments)
    expectEqual(run.status, 64)
    expectEqual(run.stdout, "")
    #expect(
      run.stderr == "Error: \(message)\nUsage: \(HelpFormatterTests.topUsage)\n\(Self.topHint)")
  }

  @Test func unknownCommand() async {
    let run = await execute(["tpo"])
    expectEqual(run.status, 64)
    expectEqual(run.stdout, "")
    #expect(
      run.stderr
        == "Error: Unknown command 'tpo'. Did you mean 'top'?\n"
        + "Usage: coins <subcommand> [--version]\n"
        + "  See 'coins --help' for more information.\n")
  }

  @Test func helpIsTheSameEveryWayItIsAsked() async {
    let runs = [
      await execute(["help", "top"]), await execute(["top", "--help"]),
      await execute(["top", "-h"]),
      await execute(["top", "10", "--json", "--help"]),
    ]
    for run in runs {
      expectEqual(run.status, 0)
      expectEqual(run.stderr, "")
      expectEqual(run.stdout, HelpFormatter.help(for: TopOptions.spec))
    }
    #expect(runs[0].stdout.hasSuffix(HelpFormatterTests.topSections))
  }

  @Test func rootHelpIsTheSameEveryWayItIsAsked() async {
    let runs = [
      await execute([]), await execute(["--help"]), await execute(["-h"]), await execute(["help"]),
    ]
    for run in runs {
      expectEqual(run.status, 0)
      expectEqual(run.stderr, "")
      expectEqual(run.stdout, HelpFormatter.help(for: CommandCatalog.root))
    }
    #expect(runs[0].stdout.contains("\nSUBCOMMANDS:\n  top  "))
  }

  @Test func portfolioSubcommandHelpIsTheSameEveryWayItIsAsked() async {
    let runs = [
      await execute(["portfolio", "help", "add"]), await execute(["help", "portfolio", "add"]),
      await execute(["portfolio", "add", "--help"]),
    ]
    for run in runs {
      expectEqual(run.status, 0)
      expectEqual(run.stderr, "")
      expectEqual(run.stdout, runs[0].stdout)
    }
    #expect(
      runs[0].stdout.hasPrefix(
        "OVERVIEW: Record a buy: an amount of a coin, optionally with the price paid.\n"))
    #expect(
      runs[0].stdout.contains(
        "\nUSAGE: coins portfolio add <coin> <amount> [--cost <price>] [--total <amount>]\n"))
  }

  @Test func portfolioGroupHelpIsTheSameEveryWayItIsAsked() async {
    let runs = [
      await execute(["portfolio", "help"]), await execute(["help", "portfolio"]),
      await execute(["portfolio", "--help"]), await execute(["portfolio"]),
    ]
    for run in runs {
      expectEqual(run.status, 0)
      expectEqual(run.stderr, "")
      expectEqual(run.stdout, runs[0].stdout)
    }
    #expect(
      runs[0].stdout.hasPrefix(
        "OVERVIEW: Keep holdings and see what they are worth.\n\n"
          + "USAGE: coins portfolio <subcommand>\n"))
    #expect(
      runs[0].stdout.hasSuffix("\n  See 'coins portfolio help <subcommand>' for detailed help.\n"))
  }

  @Test func anUnknownSubcommandAfterGroupHelpIsAUsageError() async {
    let run = await execute(["portfolio", "help", "ad"])
    expectEqual(run.status, 64)
    expectEqual(run.stdout, "")
    #expect(
      run.stderr
        == "Error: Unknown command 'ad'. Did you mean 'add'?\n"
        + "Usage: coins portfolio <subcommand>\n"
        + "  See 'coins portfolio --help' for more information.\n")
  }

  @Test func version() async {
    let run = await execute(["--version"])
    expectEqual(run.status, 0)
    expectEqual(run.stdout, "\(CoinsVersion.current)\n")
    expectEqual(run.stderr, "")
  }
}
