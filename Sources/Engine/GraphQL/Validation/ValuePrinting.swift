/// Value helpers for validation messages and argument comparison.
enum ValueText {
  /// graphql-js 17's `print` of a value literal, as its messages show values: spaces inside an
  /// object's braces (`{ a: 1 }`, graphql-js 16 wrote `{a: 1}`), and a list or object longer
  /// than 80 characters broken into indented lines.
  static func print(_ value: Value) -> String {
    switch value {
    case .list(let values, _):
      let items = values.map(print)
      let line = "[" + Printer.join(items, ", ") + "]"
      return line.utf16.count > maxLineLength ? "[\n" + indent(Printer.join(items, "\n")) + "\n]" : line
    case .object(let fields, _):
      let items = fields.map { $0.name.value + ": " + print($0.value) }
      let line = "{ " + Printer.join(items, ", ") + " }"
      guard line.utf16.count > maxLineLength else { return line }
      return "{\n" + indent(Printer.join(items, "\n")) + "\n}"
    default:
      return Printer.print(value)
    }
  }

  private static let maxLineLength = 80

  private static func indent(_ text: String) -> String {
    guard !text.isEmpty else { return "" }
    var result = "  "
    for character in text {
      result.append(character)
      if character == "\n" { result += "  " }
    }
    return result
  }

  /// A value with every input object's fields sorted by name (graphql-js `sortValueNode`), so
  /// that equal arguments written in a different order compare equal.
  static func sorted(_ value: Value) -> Value {
    switch value {
    case .list(let items, let range): .list(items.map(sorted), range: range)
    case .object(let fields, let range):
      .object(
        fields.map { ObjectField(name: $0.name, value: sorted($0.value)) }
          .sorted { SuggestionList.naturalOrder($0.name.value, $1.name.value) }, range: range)
    default: value
    }
  }
}
