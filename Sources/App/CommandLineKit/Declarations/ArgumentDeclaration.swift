/// One positional argument of a command: `ID` in `launch ID`.
package struct ArgumentDeclaration<Context>: Sendable {
  /// The placeholder in usage lines, upper case: `ID`, `EMAIL`.
  package let name: String
  /// How words are parsed and completed.
  package let value: AnyValueType<Context>
  /// Whether it may be left out.
  package let isOptional: Bool
  /// Whether it takes every remaining word (`ID [ID ...]`); only the last argument may.
  package let repeats: Bool
  /// One line for `help COMMAND`.
  package let help: String
  /// Whether usage lines and help leave it out (words `quit` accepts and ignores).
  package let isHidden: Bool
  /// Whether the words from this one on are another command's (`every 5 launches --all`): options
  /// among them are not parsed here, as after `--`, and Tab completes them as that command's.
  package var endsOptions = false

  /// `ID`, `[COMMAND]`, `ID [ID ...]` or `[ID ...]`.
  package var synopsis: String {
    switch (isOptional, repeats) {
    case (false, false): name
    case (true, false): "[\(name)]"
    case (false, true): "\(name) [\(name) ...]"
    case (true, true): "[\(name) ...]"
    }
  }
}

/// A declared positional argument of type `Value`: the handle a command reads it back with.
package struct Positional<Value: Sendable, Context>: Sendable {
  package let declaration: ArgumentDeclaration<Context>
  /// The word as the value (the parser accepted it).
  package let parse: @Sendable (String) -> Value?

  /// Declares a positional argument: the parameters are ``ArgumentDeclaration``'s properties.
  package init(
    _ name: String, type: ValueType<Value, Context>, optional: Bool = false, repeats: Bool = false,
    hidden: Bool = false, endsOptions: Bool = false, help: String
  ) {
    declaration = ArgumentDeclaration(
      name: name, value: type.erased, isOptional: optional, repeats: repeats, help: help, isHidden: hidden,
      endsOptions: endsOptions)
    parse = type.parse
  }
}
