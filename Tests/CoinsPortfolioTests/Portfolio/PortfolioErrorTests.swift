import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioErrorTests {
  private let path = "/home/me/.local/share/coins/portfolio.json"

  @Test func messagesNameTheFileAndWhatIsWrong() {
    #expect(
      PortfolioError.corrupt(path: path, detail: "not valid JSON: x at line 1, column 2").message
        == "The portfolio file /home/me/.local/share/coins/portfolio.json cannot be read: "
        + "not valid JSON: x at line 1, column 2. It was left unchanged; fix it by hand.")
    #expect(
      PortfolioError.corruptWithBackup(path: path, detail: "not valid JSON: x at line 1, column 2")
        .message
        == "The portfolio file /home/me/.local/share/coins/portfolio.json cannot be read: "
        + "not valid JSON: x at line 1, column 2. It was left unchanged; fix it by hand or "
        + "restore /home/me/.local/share/coins/portfolio.json.bak (the version before its last "
        + "change).")
    #expect(
      PortfolioError.newerVersion(path: path, version: 3).message
        == "The portfolio file /home/me/.local/share/coins/portfolio.json has format version 3, "
        + "written by a newer coins (this one reads version 3). It was left unchanged.")
    #expect(
      PortfolioError.unreadable(path: path, reason: "Permission denied").message
        == "The portfolio file /home/me/.local/share/coins/portfolio.json cannot be read: "
        + "Permission denied.")
    #expect(
      PortfolioError.writeFailed(path: path, reason: "No space left on device").message
        == "The portfolio file /home/me/.local/share/coins/portfolio.json could not be written: "
        + "No space left on device. Nothing was changed.")
    expectEqual(PortfolioError.notHeld("solana").message, "The portfolio holds no solana.")
    #expect(
      PortfolioError.removingMoreThanHeld(
        id: "bitcoin", held: PortfolioFixtures.decimal("0.5"),
        asked: PortfolioFixtures.decimal("1.25")
      ).message == "Cannot remove 1.25 bitcoin: the portfolio holds only 0.5. Nothing was changed.")
  }
}
