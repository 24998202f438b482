/// A plain-text table: a bold header row and left-aligned columns two spaces apart.
struct Table {
  /// The column titles.
  var header: [String]
  /// The cells, one array per row, as many as `header`.
  var rows: [[String]] = []

  /// The table as lines ending in newlines; trailing blanks are trimmed from each line.
  /// - Parameter style: bolds the header when colours are on.
  func render(style: TextStyle) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        let padding = column == cells.count - 1 ? 0 : widths[column] - cell.count + 2
        text += cell + String(repeating: " ", count: max(padding, 0))
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    var text = style.bold(line(header)) + "\n"
    for row in rows { text += line(row) + "\n" }
    return text
  }
}
