import CoinsModel
import CoinsServices

/// Runs `coins portfolio remove`: finds the held coin, removes an amount (oldest lots first) or
/// the whole holding under the file lock.
struct PortfolioRemoveCommand: RunnableCommand, Equatable {
  let options: PortfolioCommand.Remove

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: options.file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else {
      return status
    }
    guard let id = await heldID(in: portfolio, context: context) else {
      return context.fail(
        PortfolioError.notHeld(Sanitizer.printable(options.coin)).message,
        status: ExitCode.failure)
    }
    let left: Holding?
    do {
      left = try store.update { portfolio in
        try portfolio.remove(options.amount, of: id)
        return portfolio.holding(id: id)
      }
    } catch let error as PortfolioError {
      return context.fail(error)
    } catch {
      return context.fail("\(error)", status: ExitCode.failure)
    }
    let removed = options.amount.map(DecimalInput.text) ?? "all"
    var text = "Removed \(removed) of \(id)."
    if let left {
      text += " Holding: \(DecimalInput.text(left.amount)) left.\n"
    } else {
      text += " The portfolio no longer holds it.\n"
    }
    context.stdout.write(text)
    return ExitCode.success
  }

  /// The id of the held coin the user means: an id as typed, else a held coin whose symbol or
  /// name matches (symbols come from the market snapshot: live, cached or sample).
  private func heldID(in portfolio: Portfolio, context: CommandContext) async -> String? {
    let query = options.coin.lowercased()
    if portfolio.holding(id: query) != nil { return query }
    guard !options.isID else { return nil }
    let service = context.makeService(options: options.market)
    let ids = portfolio.holdings.map(\.id)
    let request = MarketRequest(
      count: 250, extraIDs: ids, maxAge: max(options.market.maxAge, 3600), allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return nil }
    let held = snapshot.coins.filter { ids.contains($0.id) }.map(SymbolResolver.Candidate.init)
    return SymbolResolver.resolve(query, among: held)?.id
  }
}
