/// A command's words after parsing: typed values read back through the declarations' handles.
///
/// For example, with `static let pageSize = Option<Int>("--page-size", ...)` a command reads
/// `arguments[Self.pageSize]` as an `Int?`.
public struct ParsedArguments: Sendable {
  /// Values by the declaration's name (`--page-size`, `ID`), in the order given.
  private var values: [String: [any Sendable]] = [:]
  /// The options given that apply to every command or to the session (`--json`, `--endpoint`),
  /// for the caller to apply.
  var sharedOptions = ParsedOptions()

  /// Records `value` for the declaration called `name`.
  mutating func append(_ value: any Sendable, for name: String) { values[name, default: []].append(value) }

  /// The last value given for `option`, or nil.
  subscript<Value>(option: Option<Value>) -> Value? {
    values[option.declaration.name]?.last as? Value
  }

  /// Whether `flag` was given.
  subscript(flag: Flag) -> Bool { values[flag.declaration.name] != nil }

  /// Every value given for a repeatable `option`, in order.
  func all<Value>(_ option: Option<Value>) -> [Value] {
    (values[option.declaration.name] ?? []).compactMap { $0 as? Value }
  }

  /// The value of a single positional argument, or nil when it was left out.
  subscript<Value>(argument: Positional<Value>) -> Value? {
    values[argument.declaration.name]?.first as? Value
  }

  /// Every value of a repeating positional argument, in order.
  func all<Value>(_ argument: Positional<Value>) -> [Value] {
    (values[argument.declaration.name] ?? []).compactMap { $0 as? Value }
  }
}

/// The options of the shared scopes that were given, by name, for ``GlobalOptions`` to apply.
struct ParsedOptions: Sendable {
  /// Values by option name; a flag's value is `true`.
  private(set) var values: [(name: String, value: any Sendable)] = []

  /// Records an option.
  mutating func append(_ value: any Sendable, for name: String) { values.append((name, value)) }

  /// Whether nothing was given.
  var isEmpty: Bool { values.isEmpty }

  /// The last value given for `option`, or nil.
  subscript<Value>(option: Option<Value>) -> Value? {
    values.last { $0.name == option.declaration.name }?.value as? Value
  }

  /// Whether `flag` was given.
  subscript(flag: Flag) -> Bool { values.contains { $0.name == flag.declaration.name } }

  /// The names given, in order.
  var names: [String] { values.map(\.name) }
}
