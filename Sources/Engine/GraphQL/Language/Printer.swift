/// Prints a document as canonical GraphQL, exactly as graphql-js's `print` does: two-space
/// indentation, one selection per line, blank lines between definitions, argument lists wrapped
/// one per line when a field's line would pass 80 characters.
///
/// `parse(print(document))` gives back `document` (ranges aside).
///
/// - Returns: the text, without a trailing newline.
public func print(_ document: Document) -> String {
  var printed: [String] = []
  printed.reserveCapacity(document.definitions.count)
  var previous: Definition?
  for definition in document.definitions {
    if case .operation(let operation) = definition, previous?.endsWithoutBody == true {
      printed.append(Printer.print(operation, keepKeyword: true))
    } else {
      printed.append(Printer.print(definition))
    }
    previous = definition
  }
  return Printer.join(printed, "\n\n")
}

/// Prints one definition as `print(_:)` prints it inside a document.
public func print(_ definition: Definition) -> String {
  Printer.print(definition)
}

/// Prints a value literal, such as `{size: SMALL, ids: ["1", "2"]}` (graphql-js's `print`).
public func print(_ value: Value) -> String {
  Printer.print(value)
}

/// Prints a type reference, such as `[ID!]!`.
public func print(_ type: TypeReference) -> String {
  type.description
}

/// The graphql-js printing rules, one function per node kind, built from the same small
/// `join`/`wrap`/`block`/`indent` helpers so that the output matches character for character.
enum Printer {
  static let maxLineLength = 80

  static func print(_ definition: Definition) -> String {
    switch definition {
    case .operation(let operation): print(operation)
    case .fragment(let fragment): print(fragment)
    case .typeSystem(let definition): print(definition)
    case .typeSystemExtension(let definition): print(definition)
    }
  }

  /// - Parameters:
  ///   - keepKeyword: print `query` even for the shorthand form (needed after a definition that
  ///     would otherwise take the `{` as its own body).
  static func print(_ operation: OperationDefinition, keepKeyword: Bool = false) -> String {
    let definitions = operation.variableDefinitions.map(print)
    // graphql-js 16.12: a described variable prints on lines of its own, so then all do.
    let variables =
      definitions.contains { $0.contains("\n") }
      ? wrap("(\n", join(definitions, "\n"), "\n)") : wrap("(", join(definitions, ", "), ")")
    let prefix =
      described(operation.description)
      + join(
        [
          operation.operation.rawValue, join([operation.name?.value ?? "", variables]),
          join(operation.directives.map(print), " "),
        ], " ")
    // An anonymous query with nothing else is printed in its shorthand form.
    return (prefix == "query" && !keepKeyword ? "" : prefix + " ") + print(operation.selectionSet)
  }

  static func print(_ definition: VariableDefinition) -> String {
    described(definition.description) + "$" + definition.variable.name.value + ": "
      + definition.type.description
      + wrap(" = ", definition.defaultValue.map(print) ?? "")
      + wrap(" ", join(definition.directives.map(print), " "))
  }

  static func print(_ selectionSet: SelectionSet) -> String {
    block(selectionSet.selections.map(print))
  }

  static func print(_ selection: Selection) -> String {
    switch selection {
    case .field(let field):
      let prefix = wrap("", field.alias?.value ?? "", ": ") + field.name.value
      let arguments = field.arguments.map(print)
      var argumentsLine = prefix + wrap("(", join(arguments, ", "), ")")
      if argumentsLine.utf16.count > maxLineLength {
        argumentsLine = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
      }
      return join(
        [argumentsLine, join(field.directives.map(print), " "), field.selectionSet.map(print) ?? ""], " ")
    case .fragmentSpread(let spread):
      return "..." + spread.name.value + wrap(" ", join(spread.directives.map(print), " "))
    case .inlineFragment(let fragment):
      return join(
        [
          "...", wrap("on ", fragment.typeCondition?.name.value ?? ""),
          join(fragment.directives.map(print), " "), print(fragment.selectionSet),
        ], " ")
    }
  }

  static func print(_ argument: Argument) -> String {
    argument.name.value + ": " + print(argument.value)
  }

  static func print(_ fragment: FragmentDefinition) -> String {
    described(fragment.description)
      + "fragment \(fragment.name.value) on \(fragment.typeCondition.name.value) "
      + wrap("", join(fragment.directives.map(print), " "), " ") + print(fragment.selectionSet)
  }

  static func print(_ value: Value) -> String {
    switch value {
    case .variable(let variable): "$" + variable.name.value
    case .int(let text, _), .float(let text, _), .enumValue(let text, _): text
    case .string(let text, let block, _): block ? BlockString.print(text) : printString(text)
    case .boolean(let flag, _): flag ? "true" : "false"
    case .null: "null"
    case .list(let values, _): "[" + join(values.map(print), ", ") + "]"
    case .object(let fields, _):
      "{" + join(fields.map { $0.name.value + ": " + print($0.value) }, ", ") + "}"
    }
  }

  /// An executable definition's description and the line break after it, or nothing.
  static func described(_ description: StringLiteral?) -> String {
    guard let description else { return "" }
    return print(description) + "\n"
  }

  static func print(_ directive: Directive) -> String {
    "@" + directive.name.value + wrap("(", join(directive.arguments.map(print), ", "), ")")
  }

  static func print(_ literal: StringLiteral) -> String {
    literal.block ? BlockString.print(literal.value) : printString(literal.value)
  }

  // MARK: - Helpers (graphql-js's)

  /// The non-empty strings joined by `separator`.
  static func join(_ parts: [String], _ separator: String = "") -> String {
    var result = ""
    var first = true
    for part in parts where !part.isEmpty {
      if !first { result += separator }
      result += part
      first = false
    }
    return result
  }

  /// `start + text + end`, or "" when `text` is empty.
  static func wrap(_ start: String, _ text: String, _ end: String = "") -> String {
    text.isEmpty ? "" : start + text + end
  }

  /// Items one per line inside an indented `{ }` block, or "" for none.
  static func block(_ items: [String]) -> String {
    wrap("{\n", indent(join(items, "\n")), "\n}")
  }

  /// Every line indented by two spaces.
  static func indent(_ text: String) -> String {
    // By bytes: a `\r\n` is one `Character`, but its `\n` still starts a line.
    guard !text.isEmpty else { return "" }
    var bytes: [UInt8] = [0x20, 0x20]
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      bytes.append(byte)
      if byte == 0x0A { bytes.append(contentsOf: [0x20, 0x20]) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether any item spans several lines (then argument definitions go one per line).
  static func hasMultilineItems(_ items: [String]) -> Bool {
    items.contains { $0.utf8.contains(0x0A) }
  }

  /// A string literal with `"`, `\` and control characters escaped (graphql-js's `printString`).
  static func printString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x08: result += "\\b"
      case 0x09: result += "\\t"
      case 0x0A: result += "\\n"
      case 0x0C: result += "\\f"
      case 0x0D: result += "\\r"
      case 0x00...0x1F, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
