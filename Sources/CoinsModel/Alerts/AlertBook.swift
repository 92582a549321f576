/// Every alert rule of the alerts file, with the next id to hand out.
public struct AlertBook: Sendable, Equatable {
  /// The version of the alerts file this `coins` writes.
  public static let formatVersion = 1

  /// The rules, in the order they were added.
  public var rules: [AlertRule] = []
  /// The id the next rule gets; ids are never reused, so a log line names one rule for good.
  public var nextID = 1
  /// Members of the file's top object that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember] = []

  /// An empty book.
  public init(rules: [AlertRule] = [], nextID: Int = 1, extra: [KeptMember] = []) {
    self.rules = rules
    self.nextID = max(nextID, (rules.compactMap { Int($0.id) }.max() ?? 0) + 1)
    self.extra = extra
  }

  /// Adds `rule` under the next id and returns that id.
  public mutating func add(_ rule: AlertRule) -> String {
    var rule = rule
    rule.id = String(nextID)
    nextID += 1
    rules.append(rule)
    return rule.id
  }

  /// Removes the rule with `id` and returns it, or `nil` when there is none.
  public mutating func remove(id: String) -> AlertRule? {
    guard let index = rules.firstIndex(where: { $0.id == id }) else { return nil }
    return rules.remove(at: index)
  }
}
