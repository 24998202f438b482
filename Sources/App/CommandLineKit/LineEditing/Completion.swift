/// The pure part of Tab completion: finding the word, choosing what to insert, laying out lists.
package enum Completion {
  /// What one Tab press should do.
  package enum Action: Equatable {
    /// Nothing matches, or nothing more can be added: beep.
    case none
    /// Insert this text at the cursor.
    case insert(String)
    /// Several candidates and no common progress: show them.
    case list([String])
  }

  /// The part of the word that ends at `cursor` (Unicode scalar offset), after the last blank.
  package static func word(in line: String, cursor: Int) -> String {
    let scalars = Array(line.unicodeScalars.prefix(cursor))
    let start = scalars.lastIndex { $0 == " " || $0 == "\t" }.map { $0 + 1 } ?? 0
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[start...])
    return String(view)
  }

  /// What Tab does with `candidates` for `word`: a single match is completed (with a space
  /// unless `appendsSpace` is false), several get their longest common prefix, or are listed
  /// when that adds nothing.
  package static func action(word: String, candidates: [String], appendsSpace: Bool = true) -> Action {
    var seen = Set<String>()
    let matches = candidates.filter { $0.unicodeScalars.starts(with: word.unicodeScalars) }
      .filter { seen.insert($0).inserted }
    guard let first = matches.first else { return .none }
    if matches.count == 1 {
      let completed = suffix(of: first, after: word) + (appendsSpace ? " " : "")
      return completed.isEmpty ? .none : .insert(completed)
    }
    let common = matches.dropFirst().reduce(Array(first.unicodeScalars)) { prefix, match in
      Array(zip(prefix, match.unicodeScalars).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > word.unicodeScalars.count {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: common.dropFirst(word.unicodeScalars.count))
      return .insert(String(view))
    }
    return .list(matches.sorted(by: listedBefore))
  }

  /// The order of a listing: numbers by value (`9  10  11`), other words alphabetically.
  package static func listedBefore(_ a: String, _ b: String) -> Bool {
    if let x = UInt(a), let y = UInt(b), x != y { return x < y }
    return a < b
  }

  /// The longest description a listing shows, in characters, before cutting it with `…`.
  package static let descriptionLimit = 24

  /// A candidate as a listing shows it, padded to `width` and with its description in brackets
  /// as fish lists them (`42  (Starlink-15)`), the description made safe and short.
  package static func listed(_ candidate: String, description: String?, width: Int = 0) -> String {
    guard let description, !description.isEmpty else { return candidate }
    let padding = String(repeating: " ", count: max(0, width - candidate.count))
    return "\(candidate)\(padding)  (\(shortDescription(description)))"
  }

  /// `description` terminal-safe (no escape, tab or line break left) and cut to
  /// ``descriptionLimit`` characters with `…`.
  package static func shortDescription(_ description: String) -> String {
    let shown = TerminalText.safe(description)
    guard shown.count > descriptionLimit else { return shown }
    return String(shown.prefix(descriptionLimit - 1)) + "…"
  }

  /// Lays `items` out in columns no wider than `width`, filled down then across like `ls`.
  package static func columns(_ items: [String], width: Int) -> String {
    guard !items.isEmpty else { return "" }
    let cell = (items.map(\.count).max() ?? 0) + 2
    let perRow = max(1, width / cell)
    let rows = (items.count + perRow - 1) / perRow
    var text = ""
    for row in 0..<rows {
      var line = ""
      for column in 0..<perRow {
        let index = column * rows + row
        guard index < items.count else { break }
        let item = items[index]
        line += item + String(repeating: " ", count: max(cell - item.count, 0))
      }
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    return text
  }

  private static func suffix(of candidate: String, after word: String) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: candidate.unicodeScalars.dropFirst(word.unicodeScalars.count))
    return String(view)
  }
}
