/// A command's words after parsing: its options, and the positional words read back typed
/// through the ``Positional`` handles (`arguments[Self.id]`).
public struct ParsedArguments: Sendable {
  /// The command's own options given, in order.
  package var options = ParsedOptions()
  /// The words of each positional argument, by its name (`ID`), in order.
  private var positionals: [String: [String]] = [:]
  /// The options given that apply to every command or to the session, for the caller to apply.
  package var sharedOptions = ParsedOptions()

  /// Records `word` for the positional argument called `name`.
  package mutating func append(_ word: String, for name: String) {
    positionals[name, default: []].append(word)
  }

  /// The value of a single positional argument, or nil when it was left out.
  package subscript<Value, Context>(argument: Positional<Value, Context>) -> Value? {
    positionals[argument.declaration.name]?.first.flatMap(argument.parse)
  }

  /// Every value of a repeating positional argument, in order.
  package func all<Value, Context>(_ argument: Positional<Value, Context>) -> [Value] {
    (positionals[argument.declaration.name] ?? []).compactMap(argument.parse)
  }
}

/// Options given, by name, with their words, for a ``ParsableOptions`` value to apply.
package struct ParsedOptions: Sendable {
  /// Each option's name and word, in the order given; a flag has no word.
  package private(set) var values: [(name: String, word: String?)] = []

  package init() {}

  /// Records an option.
  package mutating func append(_ word: String?, for name: String) { values.append((name, word)) }
}
