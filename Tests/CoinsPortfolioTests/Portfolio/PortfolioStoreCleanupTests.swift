import CoinsModel
import CoinsServices
import CoinsTestSupport
import Foundation
import Testing

@Suite struct PortfolioStoreCleanupTests {
  @Test func aWriteRemovesTempFilesAKilledWriterLeftBehind() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.portfolioURL())
    try directory.write("torn", to: ".portfolio.json.tmp.AbC123")
    try directory.write("torn", to: ".portfolio.json.bak.tmp.XyZ789")
    try directory.write("keep me", to: "notes.txt")

    try store.update { $0.add(Lot(amount: 1), to: "bitcoin") }

    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(
      names == ["notes.txt", "portfolio.json", "portfolio.json.journal", "portfolio.json.lock"])
  }
}
