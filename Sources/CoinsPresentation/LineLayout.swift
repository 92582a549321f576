/// Lines laid out to a terminal's width without cutting what a person must read: short parts
/// packed side by side, a sentence wrapped at its spaces onto the next line.
package enum LineLayout {
  /// `segments` joined by ` · ` on as few lines as fit `width` cells: a segment that does not
  /// fit on the line so far starts the next one (only a segment wider than the whole width is
  /// cut). Segments may carry color codes; only what shows counts.
  package static func packed(_ segments: [String], width: Int, separator: String = " · ")
    -> [String]
  {
    var lines: [String] = []
    var line = ""
    var used = 0
    for segment in segments where !segment.isEmpty {
      let cells = DisplayWidth.of(WatchFrame.visible(segment))
      if used > 0 && used + separator.count + cells <= width {
        line += separator + segment
        used += separator.count + cells
        continue
      }
      if used > 0 { lines.append(line) }
      (line, used) =
        cells > width
        ? (DisplayWidth.truncate(WatchFrame.visible(segment), to: width), width)
        : (segment, cells)
    }
    if used > 0 { lines.append(line) }
    return lines
  }

  /// `text` (without color codes) wrapped at spaces to `width` cells, the lines after the first
  /// indented by `indent`; a word wider than a line is cut, nothing else is.
  package static func wrapped(_ text: String, width: Int, indent: String = "  ") -> [String] {
    guard DisplayWidth.of(text) > width else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let prefix = lines.isEmpty ? "" : indent
      let candidate = line.isEmpty ? prefix + word : line + " " + word
      if DisplayWidth.of(candidate) <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = indent + word
      }
    }
    lines.append(line)
    return lines.map { DisplayWidth.of($0) > width ? DisplayWidth.truncate($0, to: width) : $0 }
  }
}
