/// Value helpers for validation messages and argument comparison.
enum ValueText {
  /// graphql-js `print` of a value literal (the language printer).
  static func print(_ value: Value) -> String { Printer.print(value) }

  /// A value with every input object's fields sorted by name (graphql-js `sortValueNode`), so
  /// that equal arguments written in a different order compare equal.
  static func sorted(_ value: Value) -> Value {
    switch value {
    case .list(let items, let range): .list(items.map(sorted), range: range)
    case .object(let fields, let range):
      .object(
        fields.map { ObjectField(name: $0.name, value: sorted($0.value)) }
          .sorted { Suggestions.naturalOrder($0.name.value, $1.name.value) }, range: range)
    default: value
    }
  }
}
