import FoundationEssentials

// hello-essentials linked the way coins is (the Swift runtime and FoundationEssentials inside
// the binary, Package.swift's `staticRuntime`): the like-for-like floor for coins' start-up.

/// The tiny answer decoded.
struct Greeting: Decodable {
  var hello: String
}

let greeting = try JSONDecoder().decode(Greeting.self, from: Data(#"{"hello":"world"}"#.utf8))
print("hello \(greeting.hello), linked in, \(Date().timeIntervalSince1970)")
