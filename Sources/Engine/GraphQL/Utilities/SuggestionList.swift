/// graphql-js's "Did you mean" machinery: `suggestionList` (options within a lexical distance of
/// 40% of the input's length, closest first, ties in natural order) and `didYouMean` text.
enum SuggestionList {
  /// The options close enough to `input` to suggest, best first.
  static func list(for input: String, options: [String]) -> [String] {
    let measure = LexicalDistance(input)
    let threshold = input.utf16.count * 4 / 10 + 1
    var scored: [(option: String, distance: Int)] = []
    var seen: Set<String> = []
    for option in options where seen.insert(option).inserted {
      if let distance = measure.distance(to: option, threshold: threshold) {
        scored.append((option, distance))
      }
    }
    scored.sort {
      $0.distance != $1.distance ? $0.distance < $1.distance : naturalOrder($0.option, $1.option)
    }
    return scored.map(\.option)
  }

  /// ` Did you mean "a", "b", or "c"?` (at most five), or "" when there is nothing to suggest.
  /// - Parameter subject: inserted after "Did you mean", such as `the enum value`.
  static func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
    guard !suggestions.isEmpty else { return "" }
    var message = " Did you mean "
    if let subject { message += subject + " " }
    let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
    switch quoted.count {
    case 1: return message + quoted[0] + "?"
    case 2: return message + quoted[0] + " or " + quoted[1] + "?"
    default:
      return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
    }
  }

  /// Natural sort order: digit runs compare as numbers (graphql-js `naturalCompare` < 0).
  static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf16)
    let b = Array(rhs.utf16)
    var i = 0
    var j = 0
    func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
    while i < a.count && j < b.count {
      if isDigit(a[i]) && isDigit(b[j]) {
        // graphql-js stops reading a number after a leading zero, so "0" and "01" differ.
        var aNumber = 0
        repeat {
          aNumber = aNumber &* 10 &+ Int(a[i] - 48)
          i += 1
        } while i < a.count && isDigit(a[i]) && aNumber > 0
        var bNumber = 0
        repeat {
          bNumber = bNumber &* 10 &+ Int(b[j] - 48)
          j += 1
        } while j < b.count && isDigit(b[j]) && bNumber > 0
        if aNumber != bNumber { return aNumber < bNumber }
      } else {
        if a[i] != b[j] { return a[i] < b[j] }
        i += 1
        j += 1
      }
    }
    return a.count < b.count
  }
}

/// Damerau-Levenshtein distance (optimal string alignment) over case-folded UTF-16 units, with
/// graphql-js's shortcuts: 0 for equal strings, 1 for a case-only difference.
private struct LexicalDistance {
  let input: String
  let inputLowercased: String
  let inputUnits: [UInt16]

  init(_ input: String) {
    self.input = input
    inputLowercased = input.lowercased()
    inputUnits = Array(inputLowercased.utf16)
  }

  func distance(to option: String, threshold: Int) -> Int? {
    if option == input { return 0 }
    let optionLowercased = option.lowercased()
    if optionLowercased == inputLowercased { return 1 }
    var a = Array(optionLowercased.utf16)
    var b = inputUnits
    if a.count < b.count { swap(&a, &b) }
    if a.count - b.count > threshold { return nil }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
    for j in 0...b.count { rows[0][j] = j }
    if a.isEmpty { return b.count <= threshold ? b.count : nil }
    for i in 1...a.count {
      let up = (i - 1) % 3
      let current = i % 3
      rows[current][0] = i
      var smallest = i
      if !b.isEmpty {
        for j in 1...b.count {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
          if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
            cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
          }
          smallest = min(smallest, cell)
          rows[current][j] = cell
        }
      }
      if smallest > threshold { return nil }
    }
    let distance = rows[a.count % 3][b.count]
    return distance <= threshold ? distance : nil
  }
}
