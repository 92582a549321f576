import CoinsModel
import CoinsServices
import FoundationEssentials

/// Runs `coins portfolio import <csv>`: checks every row, then adds the new ones all at once
/// (or nothing); rows already in the portfolio are left alone, so importing twice adds nothing.
struct PortfolioImportCommand: RunnableCommand, Equatable {
  /// The CSV file to read.
  var source: String
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async -> Int32 {
    let shown = Sanitizer.clean(source)
    guard let data = FileManager.default.contents(atPath: source) else {
      return context.fail("Cannot read \(shown).", status: ExitCode.dataError)
    }
    guard data.count <= 64 * 1024 * 1024, let text = String(data: data, encoding: .utf8) else {
      return context.fail(
        "\(shown) is not a UTF-8 text file of at most 64 MB; nothing was imported.",
        status: ExitCode.dataError)
    }
    let rows: [ImportRow]
    do {
      rows = try TransactionCSV.parse(text)
    } catch {
      return context.fail(
        "\(shown) \(error.message). Nothing was imported.", status: ExitCode.dataError)
    }
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let read = context.readPortfolio(from: store, status: &status) else { return status }
    var preview = read.portfolio
    // Checked on a copy first: a file that adds nothing leaves the portfolio file untouched.
    do {
      var outcome = try PortfolioImport.apply(rows, to: &preview)
      if outcome.added > 0 {
        // Applied again under the lock, to the file as it is then: that outcome is the one.
        outcome = try context.updatePortfolio(store, after: read) { portfolio in
          try PortfolioImport.apply(rows, to: &portfolio)
        }
      }
      context.stdout.write(
        "Imported \(outcome.added) transaction\(outcome.added == 1 ? "" : "s") from \(shown)"
          + (outcome.alreadyThere > 0 ? "; \(outcome.alreadyThere) already there" : "") + ".\n")
      return ExitCode.success
    } catch let error as ImportError {
      return context.fail(
        "\(shown) \(error.message). Nothing was imported.", status: ExitCode.dataError)
    } catch let stopped as CommandStopped {
      return stopped.status
    } catch {
      return context.fail("\(error)", status: ExitCode.failure)
    }
  }
}
