/// One program option (`--endpoint URL`, `--json`): its declaration and how its value lands in
/// the typed property of ``GlobalOptions`` it is read back from, in one place, as
/// swift-argument-parser's `@Option var endpoint: String?` does.
struct GlobalOption: Sendable {
  /// The option as the parser, help and completion see it.
  let declaration: OptionDeclaration
  /// Sets the parsed value (`true` for a flag) on the options.
  let apply: @Sendable (any Sendable, inout GlobalOptions) -> Void

  /// A flag that sets `property` to `value` (`--json` sets the format to JSON).
  static func flag<Value: Sendable>(
    _ name: String, short: String? = nil, scope: OptionScope,
    sets property: WritableKeyPath<GlobalOptions, Value> & Sendable, to value: Value, help: String
  ) -> GlobalOption {
    GlobalOption(declaration: Flag(name, short: short, scope: scope, help: help).declaration) { _, options in
      options[keyPath: property] = value
    }
  }

  /// An option whose value goes into `property` (the last one given wins).
  static func option<Value: Sendable>(
    _ name: String, short: String? = nil, valueName: String, type: ValueType<Value>,
    defaultValue: String? = nil, scope: OptionScope,
    into property: WritableKeyPath<GlobalOptions, Value?> & Sendable,
    help: String
  ) -> GlobalOption {
    option(
      name, short: short, valueName: valueName, type: type, defaultValue: defaultValue, scope: scope,
      help: help
    ) { value, options in options[keyPath: property] = value }
  }

  /// An option whose value `apply` adds to the options (`--header`, repeatable).
  static func option<Value: Sendable>(
    _ name: String, short: String? = nil, valueName: String, type: ValueType<Value>,
    defaultValue: String? = nil, scope: OptionScope, help: String,
    apply: @escaping @Sendable (Value, inout GlobalOptions) -> Void
  ) -> GlobalOption {
    let declared = Option(
      name, short: short, valueName: valueName, type: type, defaultValue: defaultValue, scope: scope,
      help: help)
    return GlobalOption(declaration: declared.declaration) { value, options in
      if let value = value as? Value { apply(value, &options) }
    }
  }
}
