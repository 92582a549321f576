import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsTerminal

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `coins` command-line tool: parse, run, report, exit.
public enum CoinsCLI {
  /// Runs the process's command line, reaching the network through `network`, and exits with
  /// its status.
  ///
  /// The command line is read on the main thread before any other thread starts, and the
  /// network is warmed up as soon as it is read when the command will likely make a request
  /// (``NetworkWarmUp``): libcurl loads (~4 ms) while the command sets itself up and looks at
  /// its cache.
  ///
  /// Not `async`: an async `main` gives the main thread to `dispatch_main`, which ends it with
  /// `pthread_exit` (a forced unwind through the binary's unwind tables, ~0.1 ms) and leaves
  /// the end of the command to be resumed on another thread. Here the command runs on the
  /// concurrency pool and the main thread waits for its status; no command uses the main actor.
  public static func main(network: NetworkAccess) -> Never {
    StartupTrace.mark("main")
    // A reader that goes away (`coins top | head`) is a normal end: the write sees EPIPE
    // instead of the process dying from the signal, and the command ends with status 0.
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let readerGone = ReaderGone()
    let prepared = prepare(
      arguments: arguments, context: .live(readerGone: readerGone, network: network))
    let handOff = StatusHandOff()
    let command = Task.detached { handOff.deliver(await prepared.run()) }
    // A closed pipe ends the command (a live view stops refreshing) and is a normal end.
    readerGone.onGone { command.cancel() }
    let status = handOff.wait()
    StartupTrace.mark("exit")
    // Everything was written with write(2) and every file is closed by now: nothing is left
    // for exit()'s handlers and destructors to flush, so skip them.
    _exit(readerGone.isGone ? CommandFailure.successStatus : status)
  }

  /// Runs one command line in `context` and returns the exit status.
  public static func run(arguments: [String], context: CommandContext) async -> Int32 {
    await prepare(arguments: arguments, context: context).run()
  }

  /// Reads one command line in `context`: its configuration file, the arguments, then the
  /// network warm-up guess. Help and the version are written at once.
  static func prepare(arguments: [String], context: CommandContext) -> PreparedCommand {
    var context = context
    context.commandLine = ["coins"] + arguments
    let loaded = Configuration.load(environment: context.environment)
    let configuration = try? loaded.get()
    let command: Command
    do {
      command = try CommandParser.parse(arguments, configuration: configuration)
    } catch {
      return .failed(CommandFailure(error), context)
    }
    StartupTrace.mark("parsed")
    // One deadline for the whole of a one-shot command, however many requests it makes.
    context.startedAt = context.timeSource.now()
    switch command {
    case .help(let path):
      context.stdout.write(
        HelpFormatter.help(for: CommandCatalog.spec(at: path) ?? CommandCatalog.root))
      return .finished
    case .version:
      context.stdout.write(CoinsVersion.current + "\n")
      return .finished
    case .run(let command):
      // `coins config …` reports a broken file itself; every other command needs a good one.
      guard !command.reportsConfigurationItself else { return .ready(command, context) }
      switch loaded {
      case .failure(let error):
        return .failed(CommandFailure(error.message, kind: .configuration), context)
      case .success(let configuration):
        for warning in configuration.warnings { context.stderr.write("Warning: \(warning)\n") }
        context.environment = configuration.environment(adding: context.environment)
        context.configuredCurrency = configuration.currency(unlessIn: arguments)
      }
      if let warmUp = context.networkWarmUp,
        NetworkWarmUp.isLikely(
          command, environment: context.environment, now: context.timeSource.now())
      {
        warmUp()
      }
      return .ready(command, context)
    }
  }

  /// Prints `failure` on `stderr` — `Error: <message>` per message, and for a usage failure
  /// the command's usage line and help hint — and returns its exit status: the one place a
  /// failure is printed.
  package static func report(_ failure: CommandFailure, to stderr: any OutputSink) -> Int32 {
    if let path = failure.commandPath {
      let spec = CommandCatalog.spec(at: path) ?? CommandCatalog.root
      for message in failure.messages {
        stderr.write(HelpFormatter.usageError(UsageError(message, commandPath: path), spec: spec))
      }
    } else {
      for message in failure.messages { stderr.write("Error: \(message)\n") }
    }
    return failure.exitStatus
  }
}

/// A command line that has been read: finished already, failed, or a command ready to run.
enum PreparedCommand: Sendable {
  /// Nothing more to do (help or the version was written).
  case finished
  /// The command line cannot run: the failure, and the context to report it in.
  case failed(CommandFailure, CommandContext)
  /// The command and the context it runs in.
  case ready(any RunnableCommand, CommandContext)

  /// Runs the command, if there is one, reports its failure, if any; the exit status.
  func run() async -> Int32 {
    switch self {
    case .finished: return CommandFailure.successStatus
    case .failed(let failure, let context): return CoinsCLI.report(failure, to: context.stderr)
    case .ready(let command, let context):
      StartupTrace.mark("command-started")
      let zone = command.displaysUTC ? DisplayZone.utc : context.displayZone
      let folded = command.asciiOnly ? context.foldedToASCII() : context
      return await DisplayZone.$current.withValue(zone) { () async -> Int32 in
        do throws(CommandFailure) {
          try await command.run(in: folded)
          return CommandFailure.successStatus
        } catch {
          return CoinsCLI.report(error.configured(folded.configuredCurrency), to: folded.stderr)
        }
      }
    }
  }
}
