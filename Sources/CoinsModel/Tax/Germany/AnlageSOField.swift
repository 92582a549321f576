#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One figure for the *Anlage SO* (other income) of the German return, named by its caption on
/// the form of the year it is for.
public struct AnlageSOField: Sendable, Equatable {
  /// The caption: the section and the field, e.g. `Leistungen (§ 22 Nr. 3 EStG): Einnahmen`.
  public var caption: String
  /// The figure, rounded to the cent.
  public var value: Decimal

  /// Each member as given.
  public init(caption: String, value: Decimal) {
    self.caption = caption
    self.value = value
  }
}
