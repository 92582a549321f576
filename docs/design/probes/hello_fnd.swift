import Foundation
print("hello", Date().timeIntervalSince1970 > 0, URL(string: "https://a.b/c")!.path)
