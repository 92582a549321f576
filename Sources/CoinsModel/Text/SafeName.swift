/// A name reduced to ASCII letters, digits, `-` and `_`: safe in a URL path or a file name
/// whatever a file or the network put in it.
package enum SafeName {
  /// `text` without any other character.
  package static func of(_ text: String) -> String {
    String(
      text.unicodeScalars.filter { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
      })
  }
}
