import CoinsPriceSources
import CoinsTerminal

/// The progress of a command fetching many coins' daily prices, on standard error: nothing
/// until it must wait for a rate limit; from then on, on a terminal one line rewritten in place
/// (`\r`, the rest of the line cleared) and ended by ``end()``, into a pipe or a file one plain
/// line per change: `Fetching daily prices: 12 of 50 coins (waiting 18 s for CoinGecko's rate
/// limit)`.
package struct FetchProgressLine: Sendable {
  /// What the price chain tells (its many-coin asks and the budget's `onWait`).
  package let progress: FetchProgress
  private let sink: any OutputSink
  private let inPlace: Bool

  /// Progress of fetching `what` (`daily prices`) written to `sink`; `inPlace`: it is a
  /// terminal.
  package init(fetching what: String, to sink: any OutputSink, inPlace: Bool) {
    self.sink = sink
    self.inPlace = inPlace
    progress = FetchProgress(fetching: what, unit: "coins", quietUntilWait: true) { line in
      sink.write(inPlace ? "\r" + line + "\u{1B}[K" : line + "\n")
    }
  }

  /// Ends a terminal's updating line, when one was written, so that what follows starts on a
  /// line of its own.
  package func end() {
    if inPlace, progress.hasSpoken { sink.write("\n") }
  }
}

extension CommandContext {
  /// A progress line on standard error for fetching `what`, updating in place when standard
  /// error is a terminal.
  func fetchProgressLine(_ what: String = "daily prices") -> FetchProgressLine {
    FetchProgressLine(fetching: what, to: stderr, inPlace: terminal.errorIsTerminal)
  }
}
