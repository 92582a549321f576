import Foundation

// A start-up floor: a Swift process that imports Foundation and really uses it (a JSONDecoder
// decodes a tiny answer, a Date is read), so the library is loaded and does some work. Its twin,
// hello-essentials, does the same with FoundationEssentials.

/// The tiny answer decoded.
struct Greeting: Decodable {
  var hello: String
}

let greeting = try JSONDecoder().decode(Greeting.self, from: Data(#"{"hello":"world"}"#.utf8))
print("hello \(greeting.hello) \(Date().timeIntervalSince1970)")
