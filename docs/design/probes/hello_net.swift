import Foundation
import FoundationNetworking
print("hello", Date().timeIntervalSince1970 > 0, URL(string: "https://a.b/c")!.path)
if CommandLine.arguments.count > 5 { _ = URLSession.shared }
