/// A table of results: a header row and rows of cells, printed as aligned columns (fitted to
/// the terminal's width), TSV, CSV, or just the ids of the first column.
package struct Table {
  /// The column titles.
  package var header: [String]
  /// The cells, one array per row, as many as `header`.
  package var rows: [[String]] = []
  /// The columns that may be shortened with `…` to fit a narrow terminal (free text, not ids).
  package var shrinkable: Set<Int> = []
  /// A yes-or-blank column whose marks aligned columns show in the success colour.
  package var markColumn: Int?

  package init(header: [String], rows: [[String]] = [], shrinkable: Set<Int> = [], markColumn: Int? = nil) {
    self.header = header
    self.rows = rows
    self.shrinkable = shrinkable
    self.markColumn = markColumn
  }

  /// The table in `format` (`.json` prints as `.table`), fitted to `width` when on a terminal.
  package func render(_ format: OutputFormat = .table, style: TextStyle, width: Int? = nil) -> String {
    let safeHeader = header.map(TerminalText.safe)
    let safeRows = rows.map { $0.map(TerminalText.safe) }
    switch format {
    case .table, .json:
      return columns(header: safeHeader, rows: safeRows, style: style, width: width)
    case .tsv:
      let clean: (String) -> String = { $0.replacing("\t", with: " ") }
      return ([header] + rows).map {
        $0.map { clean(Self.spreadsheetCell($0)) }.joined(separator: "\t") + "\n"
      }
      .joined()
    case .csv:
      // Escaped as TSV is: a server's escape sequences must not reach a terminal through a file
      // that is later shown either.
      return ([header] + rows).map {
        $0.map { Self.csvField(Self.spreadsheetCell($0)) }.joined(separator: ",") + "\r\n"
      }
      .joined()
    case .ids:
      return safeRows.compactMap(\.first).map { $0 + "\n" }.joined()
    }
  }

  /// `cell` made terminal-safe, with a `'` before what a spreadsheet reads as a formula (`=`,
  /// `+`, `-`, `@`, tab, CR), as OWASP advises against CSV injection.
  package static func spreadsheetCell(_ cell: String) -> String {
    guard let first = cell.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else {
      return TerminalText.safe(cell)
    }
    return "'" + TerminalText.safe(cell)
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
  package static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }

  /// The fewest characters a shortened column keeps (`ROC…`), fewer only for a shorter title.
  package static let narrowest = 4

  /// How many different texts `column` shows when cut to `width` characters.
  package static func distinct(_ rows: [[String]], _ column: Int, _ width: Int) -> Int {
    Set(rows.map { row in column < row.count ? shortened(row[column], to: width) : "" }).count
  }

  /// `cell` cut to `width` characters, ending in `…` when cut.
  package static func shortened(_ cell: String, to width: Int) -> String {
    cell.count > width ? String(cell.prefix(max(width - 1, 0))) + "…" : cell
  }

  /// Aligned columns two spaces apart; with a `width`, shrinkable columns lose characters until
  /// every line fits, those that tell rows apart last.
  private func columns(header: [String], rows: [[String]], style: TextStyle, width: Int?) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.count)
      }
    }
    if let width {
      let total = { widths.reduce(0, +) + 2 * max(widths.count - 1, 0) }
      while total() > width {
        // The column whose next cut merges the fewest rows gives up one character; on a tie
        // the one showing fewer different texts (the same on every row first, what tells rows
        // apart last), then the widest. Never below 4 characters, title included.
        let candidates = shrinkable.filter { widths[$0] > min(max(header[$0].count, 3), Self.narrowest) }
        let cost = { (column: Int) in
          Self.distinct(rows, column, widths[column]) - Self.distinct(rows, column, widths[column] - 1)
        }
        let kinds = { (column: Int) in Self.distinct(rows, column, widths[column]) }
        guard
          let chosen = candidates.min(by: { a, b in
            let (costA, costB) = (cost(a), cost(b))
            if costA != costB { return costA < costB }
            let (kindsA, kindsB) = (kinds(a), kinds(b))
            return kindsA != kindsB ? kindsA < kindsB : widths[a] > widths[b]
          })
        else { break }
        widths[chosen] -= 1
      }
    }
    func fitted(_ cell: String, _ column: Int) -> String { Self.shortened(cell, to: widths[column]) }
    func line(_ cells: [String], marking: Bool) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        let shown = column < widths.count ? fitted(cell, column) : cell
        let padding = column == cells.count - 1 ? 0 : widths[column] - shown.count + 2
        text += (marking && column == markColumn ? style.success(shown) : shown)
        text += String(repeating: " ", count: max(padding, 0))
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    var text = style.bold(line(header, marking: false)) + "\n"
    for row in rows { text += line(row, marking: true) + "\n" }
    return text
  }
}
