/// "Did you mean" suggestions, worded and ranked as graphql-js ranks them (`suggestionList`,
/// `didYouMean`): options within a lexical distance of about 40% of the input's length, nearest
/// first.
enum SchemaSuggestions {
  /// The options close enough to `input`, nearest first, ties in natural order.
  static func list(_ input: String, options: [String]) -> [String] {
    let threshold = input.utf16.count * 4 / 10 + 1
    let inputLower = Array(input.lowercased().utf16)
    var ranked: [(option: String, distance: Int)] = []
    var seen: Set<String> = []
    for option in options where seen.insert(option).inserted {
      if let distance = distance(input, inputLower, option, threshold: threshold) {
        ranked.append((option, distance))
      }
    }
    ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : naturalLess($0.option, $1.option) }
    return ranked.map(\.option)
  }

  /// ` Did you mean "A", "B", or "C"?` (at most five), or empty without suggestions.
  static func didYouMean(_ suggestions: [String]) -> String {
    let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
    switch quoted.count {
    case 0: return ""
    case 1: return " Did you mean \(quoted[0])?"
    case 2: return " Did you mean \(quoted[0]) or \(quoted[1])?"
    default:
      return " Did you mean \(quoted.dropLast().joined(separator: ", ")), or \(quoted[quoted.count - 1])?"
    }
  }

  /// Damerau-Levenshtein (optimal string alignment) distance over lowercased UTF-16 units; a
  /// case-only difference counts 1; nil beyond `threshold`.
  private static func distance(_ input: String, _ inputLower: [UInt16], _ option: String, threshold: Int)
    -> Int?
  {
    if input == option { return 0 }
    let optionLower = Array(option.lowercased().utf16)
    if optionLower == inputLower { return 1 }
    var a = optionLower
    var b = inputLower
    if a.count < b.count { swap(&a, &b) }
    if a.count - b.count > threshold { return nil }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
    for column in 0...b.count { rows[0][column] = column }
    if a.isEmpty { return b.count <= threshold ? b.count : nil }
    for row in 1...a.count {
      rows[row % 3][0] = row
      var smallest = row
      if !b.isEmpty {
        for column in 1...b.count {
          let cost = a[row - 1] == b[column - 1] ? 0 : 1
          var cell = min(
            rows[(row - 1) % 3][column] + 1, rows[row % 3][column - 1] + 1,
            rows[(row - 1) % 3][column - 1] + cost)
          if row > 1 && column > 1 && a[row - 1] == b[column - 2] && a[row - 2] == b[column - 1] {
            cell = min(cell, rows[(row - 2) % 3][column - 2] + 1)
          }
          smallest = min(smallest, cell)
          rows[row % 3][column] = cell
        }
      }
      if smallest > threshold { return nil }
    }
    let result = rows[a.count % 3][b.count]
    return result <= threshold ? result : nil
  }

  /// graphql-js `naturalCompare`: digit runs compare by numeric value, other characters by code.
  static func naturalLess(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf16)
    let b = Array(rhs.utf16)
    var i = 0
    var j = 0
    func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
    while i < a.count && j < b.count {
      if isDigit(a[i]) && isDigit(b[j]) {
        var numberA = 0
        while i < a.count && isDigit(a[i]) {
          numberA = numberA &* 10 &+ Int(a[i] - 48)
          i += 1
        }
        var numberB = 0
        while j < b.count && isDigit(b[j]) {
          numberB = numberB &* 10 &+ Int(b[j] - 48)
          j += 1
        }
        if numberA != numberB { return numberA < numberB }
      } else {
        if a[i] != b[j] { return a[i] < b[j] }
        i += 1
        j += 1
      }
    }
    return a.count < b.count
  }
}
