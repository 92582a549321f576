#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The box of Form 8949 a row goes in: A–C short term and D–F long term before 2025 (by
/// Form 1099-B); from 2025 the digital-asset boxes G–I short term and J–L long term (by
/// Form 1099-DA).
public enum Form8949Box: String, Sendable, Equatable, CaseIterable {
  /// Short term, before 2025: Form 1099-B reported the basis.
  case a = "A"
  /// Short term, before 2025: Form 1099-B did not report the basis.
  case b = "B"
  /// Short term, before 2025: no Form 1099-B.
  case c = "C"
  /// Long term, before 2025: Form 1099-B reported the basis.
  case d = "D"
  /// Long term, before 2025: Form 1099-B did not report the basis.
  case e = "E"
  /// Long term, before 2025: no Form 1099-B.
  case f = "F"
  /// Short term, from 2025: Form 1099-DA reported the basis.
  case g = "G"
  /// Short term, from 2025: Form 1099-DA did not report the basis.
  case h = "H"
  /// Short term, from 2025: no Form 1099-DA.
  case i = "I"
  /// Long term, from 2025: Form 1099-DA reported the basis.
  case j = "J"
  /// Long term, from 2025: Form 1099-DA did not report the basis.
  case k = "K"
  /// Long term, from 2025: no Form 1099-DA.
  case l = "L"

  /// The box of a lot held `term` and sold in tax year `year`, as the form reported it.
  public static func box(term: HoldingTerm, year: Int, reporting: BasisReporting) -> Form8949Box {
    let boxes: [Form8949Box] =
      switch (year >= 2025, term) {
      case (false, .short): [.a, .b, .c]
      case (false, .long): [.d, .e, .f]
      case (true, .short): [.g, .h, .i]
      case (true, .long): [.j, .k, .l]
      }
    switch reporting {
    case .reported: return boxes[0]
    case .notReported: return boxes[1]
    case .noForm: return boxes[2]
    }
  }

  /// The term of the rows it holds: short (Part I) or long (Part II).
  public var term: HoldingTerm {
    switch self {
    case .a, .b, .c, .g, .h, .i: .short
    case .d, .e, .f, .j, .k, .l: .long
    }
  }
}
