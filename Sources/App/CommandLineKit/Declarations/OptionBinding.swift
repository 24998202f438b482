/// One option declared once with the property of `Root` its value lands in (`--port P` into
/// `\.port`), as swift-argument-parser's `@Option var port = 4000`; the default, which help
/// shows, is the property's initial value.
package struct OptionBinding<Root: ParsableOptions, Context>: Sendable {
  /// The option as the parser, help, completion and the manual see it.
  package let declaration: OptionDeclaration<Context>
  /// Sets the value of `word` (nil for a flag) on the options; a word the parser accepted.
  package let apply: @Sendable (_ word: String?, _ options: inout Root) -> Void

  /// A flag that sets `property` to true.
  package static func flag(
    _ name: String, short: String? = nil, scope: OptionScope = .command,
    _ property: WritableKeyPath<Root, Bool> & Sendable, help: String
  ) -> OptionBinding {
    flag(name, short: short, scope: scope, sets: property, to: true, help: help)
  }

  /// A flag that sets `property` to `value` (`--json` sets the format to JSON).
  package static func flag<Value: Sendable>(
    _ name: String, short: String? = nil, scope: OptionScope = .command,
    sets property: WritableKeyPath<Root, Value> & Sendable, to value: Value, help: String
  ) -> OptionBinding {
    let declaration = OptionDeclaration<Context>(
      name: name, short: short, valueName: nil, value: nil, defaultValue: nil, help: help, scope: scope)
    return OptionBinding(declaration: declaration) { _, options in options[keyPath: property] = value }
  }

  /// An option whose value goes into `property`, whose initial value is the default help shows.
  package static func option<Value: Sendable>(
    _ name: String, short: String? = nil, valueName: String, type: ValueType<Value, Context>,
    scope: OptionScope = .command, into property: WritableKeyPath<Root, Value> & Sendable, help: String
  ) -> OptionBinding {
    let defaultValue = type.format(Root()[keyPath: property])
    return option(
      name, short: short, valueName: valueName, type: type, defaultText: defaultValue, scope: scope,
      help: help
    ) { value, options in options[keyPath: property] = value }
  }

  /// An option whose value goes into the optional `property`; `defaultText` says what nil means.
  package static func option<Value: Sendable>(
    _ name: String, short: String? = nil, valueName: String, type: ValueType<Value, Context>,
    defaultText: String? = nil,
    scope: OptionScope = .command, into property: WritableKeyPath<Root, Value?> & Sendable, help: String
  ) -> OptionBinding {
    option(
      name, short: short, valueName: valueName, type: type, defaultText: defaultText, scope: scope, help: help
    ) { value, options in options[keyPath: property] = value }
  }

  /// An option whose value `apply` adds to the options (`--header`, repeatable).
  package static func option<Value: Sendable>(
    _ name: String, short: String? = nil, valueName: String, type: ValueType<Value, Context>,
    defaultText: String? = nil,
    scope: OptionScope = .command, help: String, apply: @escaping @Sendable (Value, inout Root) -> Void
  ) -> OptionBinding {
    let declaration = OptionDeclaration<Context>(
      name: name, short: short, valueName: valueName, value: type.erased, defaultValue: defaultText,
      help: help,
      scope: scope)
    let parse = type.parse
    return OptionBinding(declaration: declaration) { word, options in
      if let value = word.flatMap(parse) { apply(value, &options) }
    }
  }
}
