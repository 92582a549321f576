import CoinsModel
import CoinsTerminal
import Foundation

/// The `coins` command-line tool: parse, run, report, exit.
public enum CoinsCLI {
  /// Runs the process's command line and exits with its status.
  public static func main() async -> Never {
    // A reader that goes away (`coins top | head`) is a normal end: the write sees EPIPE
    // instead of the process dying from the signal, and the command ends with status 0.
    signal(SIGPIPE, SIG_IGN)
    let readerGone = ReaderGone()
    let command = Task {
      await run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        context: .live(readerGone: readerGone))
    }
    // A closed pipe ends the command (a live view stops refreshing) and is a normal end.
    readerGone.onGone { command.cancel() }
    let status = await command.value
    exit(readerGone.isGone ? ExitCode.success : status)
  }

  /// Runs one command line in `context` and returns the exit status.
  public static func run(arguments: [String], context: CommandContext) async -> Int32 {
    var context = context
    let command: Command
    do {
      command = try CommandParser.parse(arguments)
    } catch {
      let spec = CommandCatalog.spec(at: error.commandPath) ?? CommandCatalog.root
      context.stderr.write(HelpFormatter.usageError(error, spec: spec))
      return ExitCode.usage
    }
    // One deadline for the whole of a one-shot command, however many requests it makes.
    context.startedAt = context.timeSource.now()
    switch command {
    case .help(let path):
      context.stdout.write(
        HelpFormatter.help(for: CommandCatalog.spec(at: path) ?? CommandCatalog.root))
      return ExitCode.success
    case .version:
      context.stdout.write(CoinsVersion.current + "\n")
      return ExitCode.success
    case .top(let options):
      return await TopCommand(options: options).run(in: context)
    case .watch(let options):
      context.startedAt = nil
      return await WatchCommand(options: options).run(in: context)
    case .discovery(.search(let query, let json, let market)):
      return await SearchCommand(query: query, json: json, market: market).run(in: context)
    case .discovery(.info(let coin, let isID, let json, let ascii, let market)):
      return await InfoCommand(coin: coin, isID: isID, json: json, ascii: ascii, market: market)
        .run(in: context)
    case .discovery(.global(let json, let market)):
      return await GlobalCommand(json: json, market: market).run(in: context)
    case .portfolio(.add(let options)):
      return await PortfolioAddCommand(options: options).run(in: context)
    case .portfolio(.remove(let options)):
      return await PortfolioRemoveCommand(options: options).run(in: context)
    case .portfolio(.list(let options)):
      return PortfolioListCommand(options: options).run(in: context)
    case .portfolio(.value(let options)):
      return await PortfolioValueCommand(options: options).run(in: context)
    }
  }
}
