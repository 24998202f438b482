/// Text compared by a search (`--search`): lower-cased, with the accents of Latin letters
/// removed, so `kourou` finds `Kourou`, `tubingen` finds `Tübingen` and `Tubingen` finds
/// `Tu\u{308}bingen` (a decomposed accent).
///
/// Foundation's diacritic-insensitive search would load ICU at start (docs/startup.md), so the
/// folding is this small table of the precomposed letters of Latin-1 and Latin Extended-A, plus
/// dropping combining marks.
package enum SearchFolding {
  /// `text` folded for comparison.
  package static func folded(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if let base = baseLetters[scalar] {
        scalars.append(contentsOf: base.unicodeScalars)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Each lower-case accented letter and the letters it folds to.
  private static let baseLetters: [Unicode.Scalar: String] = {
    let groups: [(String, String)] = [
      ("àáâãäåāăą", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"),
      ("ĝğġģ", "g"), ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĳ", "ij"), ("ĵ", "j"), ("ķ", "k"),
      ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("œ", "oe"), ("ŕŗř", "r"),
      ("śŝşš", "s"), ("ß", "ss"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"),
      ("źżž", "z"), ("ð", "d"), ("þ", "th"),
    ]
    var table: [Unicode.Scalar: String] = [:]
    for (letters, base) in groups {
      for scalar in letters.unicodeScalars { table[scalar] = base }
    }
    return table
  }()
}
