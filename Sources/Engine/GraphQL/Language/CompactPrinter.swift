/// Prints a document on one line with only the spaces GraphQL needs: the form to send over the
/// wire. The output equals graphql-js's `stripIgnoredCharacters(print(document))`: no commas, no
/// line breaks, a space only between two names/numbers/strings (or before `...` after one), and
/// block strings in their minimized form.
///
/// - Parameter document: the document to print.
/// - Returns: the text; `parse(printCompact(document))` gives back `document` (ranges aside).
public func printCompact(_ document: Document) -> String {
  var writer = CompactPrinter()
  var previous: Definition?
  for definition in document.definitions {
    if case .operation(let operation) = definition, previous?.endsWithoutBody == true {
      writer.write(operation, keepKeyword: true)
    } else {
      writer.write(definition)
    }
    previous = definition
  }
  return String(decoding: writer.output, as: UTF8.self)
}

/// Writes tokens into a byte buffer, inserting a space only where two tokens would otherwise run
/// together.
struct CompactPrinter {
  private(set) var output: [UInt8] = []
  private var lastWasWord = false

  init() { output.reserveCapacity(256) }

  /// A name, number or string token.
  mutating func word(_ text: String) {
    if lastWasWord { output.append(0x20) }
    output.append(contentsOf: text.utf8)
    lastWasWord = true
  }

  /// A punctuator such as `{` or `:`; `...` after a word still needs a space (`a ...b` is not `a...b`
  /// to a reader, and graphql-js keeps it).
  mutating func punctuator(_ text: StaticString) {
    if lastWasWord && text.utf8CodeUnitCount == 3 { output.append(0x20) }
    text.withUTF8Buffer { output.append(contentsOf: $0) }
    lastWasWord = false
  }

  // MARK: - Executable definitions

  mutating func write(_ definition: Definition) {
    switch definition {
    case .operation(let operation): write(operation)
    case .fragment(let fragment):
      write(fragment.description)
      word("fragment")
      word(fragment.name.value)
      word("on")
      word(fragment.typeCondition.name.value)
      write(fragment.directives)
      write(fragment.selectionSet)
    case .typeSystem(let definition): write(definition)
    case .typeSystemExtension(let definition): write(definition)
    }
  }

  /// - Parameters:
  ///   - operation: the operation.
  ///   - keepKeyword: write `query` even for the shorthand form, as `print` does.
  mutating func write(_ operation: OperationDefinition, keepKeyword: Bool = false) {
    let isShorthand =
      !keepKeyword && operation.description == nil && operation.operation == .query && operation.name == nil
      && operation.variableDefinitions.isEmpty && operation.directives.isEmpty
    if !isShorthand {
      write(operation.description)
      word(operation.operation.rawValue)
      if let name = operation.name { word(name.value) }
      if !operation.variableDefinitions.isEmpty {
        punctuator("(")
        for definition in operation.variableDefinitions {
          write(definition.description)
          punctuator("$")
          word(definition.variable.name.value)
          punctuator(":")
          write(definition.type)
          if let defaultValue = definition.defaultValue {
            punctuator("=")
            write(defaultValue)
          }
          write(definition.directives)
        }
        punctuator(")")
      }
      write(operation.directives)
    }
    write(operation.selectionSet)
  }

  mutating func write(_ selectionSet: SelectionSet) {
    punctuator("{")
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        if let alias = field.alias {
          word(alias.value)
          punctuator(":")
        }
        word(field.name.value)
        write(field.arguments)
        write(field.directives)
        if let selectionSet = field.selectionSet { write(selectionSet) }
      case .fragmentSpread(let spread):
        punctuator("...")
        word(spread.name.value)
        write(spread.directives)
      case .inlineFragment(let fragment):
        punctuator("...")
        if let typeCondition = fragment.typeCondition {
          word("on")
          word(typeCondition.name.value)
        }
        write(fragment.directives)
        write(fragment.selectionSet)
      }
    }
    punctuator("}")
  }

  mutating func write(_ arguments: [Argument]) {
    guard !arguments.isEmpty else { return }
    punctuator("(")
    for argument in arguments {
      word(argument.name.value)
      punctuator(":")
      write(argument.value)
    }
    punctuator(")")
  }

  mutating func write(_ directives: [Directive]) {
    for directive in directives {
      punctuator("@")
      word(directive.name.value)
      write(directive.arguments)
    }
  }

  mutating func write(_ value: Value) {
    switch value {
    case .variable(let variable):
      punctuator("$")
      word(variable.name.value)
    case .int(let text, _), .float(let text, _), .enumValue(let text, _): word(text)
    case .string(let text, let block, _):
      word(block ? BlockString.print(text, minimize: true) : Printer.printString(text))
    case .boolean(let flag, _): word(flag ? "true" : "false")
    case .null: word("null")
    case .list(let values, _):
      punctuator("[")
      for element in values { write(element) }
      punctuator("]")
    case .object(let fields, _):
      punctuator("{")
      for field in fields {
        word(field.name.value)
        punctuator(":")
        write(field.value)
      }
      punctuator("}")
    }
  }

  mutating func write(_ type: TypeReference) {
    switch type {
    case .named(let named): word(named.name.value)
    case .list(let inner, _):
      punctuator("[")
      write(inner)
      punctuator("]")
    case .nonNull(let inner, _):
      write(inner)
      punctuator("!")
    }
  }
}
