import FoundationEssentials
import Synchronization
let c = URLComponents(string: "https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd")!
print(c.host ?? "-", c.queryItems?.count ?? 0)
print(FileManager.default.currentDirectoryPath.isEmpty, ProcessInfo.processInfo.environment["HOME"] != nil)
print(try! Date("2024-01-02T03:04:05Z", strategy: .iso8601).timeIntervalSince1970)
print(TimeZone(identifier: "UTC") != nil, Locale(identifier: "en_US_POSIX").identifier)
let m = Mutex(0); m.withLock { $0 += 1 }
