// Compact printing of type-system definitions and extensions.
extension CompactPrinter {
  mutating func write(_ definition: TypeSystemDefinition) {
    switch definition {
    case .schema(let schema):
      write(schema.description)
      word("schema")
      write(schema.directives)
      write(schema.operationTypes)
    case .type(let type): write(type, extending: false)
    case .directive(let directive):
      write(directive.description)
      word("directive")
      punctuator("@")
      word(directive.name.value)
      write(directive.arguments)
      if directive.isRepeatable { word("repeatable") }
      word("on")
      for (index, location) in directive.locations.enumerated() {
        if index > 0 { punctuator("|") }
        word(location.value)
      }
    }
  }

  mutating func write(_ definition: TypeSystemExtension) {
    switch definition {
    case .schema(let schema):
      word("extend")
      word("schema")
      write(schema.directives)
      if !schema.operationTypes.isEmpty { write(schema.operationTypes) }
    case .scalar(let node): write(.scalar(node), extending: true)
    case .object(let node): write(.object(node), extending: true)
    case .interface(let node): write(.interface(node), extending: true)
    case .union(let node): write(.union(node), extending: true)
    case .enumeration(let node): write(.enumeration(node), extending: true)
    case .inputObject(let node): write(.inputObject(node), extending: true)
    }
  }

  /// A type definition, or with `extending` its extension (`extend` first, no description).
  private mutating func write(_ type: TypeDefinition, extending: Bool) {
    if extending { word("extend") }
    switch type {
    case .scalar(let scalar):
      if !extending { write(scalar.description) }
      word("scalar")
      word(scalar.name.value)
      write(scalar.directives)
    case .object(let object):
      if !extending { write(object.description) }
      word("type")
      writeObjectBody(object.name, object.interfaces, object.directives, object.fields)
    case .interface(let interface):
      if !extending { write(interface.description) }
      word("interface")
      writeObjectBody(interface.name, interface.interfaces, interface.directives, interface.fields)
    case .union(let union):
      if !extending { write(union.description) }
      word("union")
      word(union.name.value)
      write(union.directives)
      if !union.types.isEmpty {
        punctuator("=")
        for (index, member) in union.types.enumerated() {
          if index > 0 { punctuator("|") }
          word(member.name.value)
        }
      }
    case .enumeration(let enumeration):
      if !extending { write(enumeration.description) }
      word("enum")
      word(enumeration.name.value)
      write(enumeration.directives)
      if !enumeration.values.isEmpty {
        punctuator("{")
        for value in enumeration.values {
          write(value.description)
          word(value.name.value)
          write(value.directives)
        }
        punctuator("}")
      }
    case .inputObject(let input):
      if !extending { write(input.description) }
      word("input")
      word(input.name.value)
      write(input.directives)
      if !input.fields.isEmpty {
        punctuator("{")
        for field in input.fields { write(field) }
        punctuator("}")
      }
    }
  }

  private mutating func writeObjectBody(
    _ name: Name, _ interfaces: [NamedType], _ directives: [Directive], _ fields: [FieldDefinition]
  ) {
    word(name.value)
    if !interfaces.isEmpty {
      word("implements")
      for (index, interface) in interfaces.enumerated() {
        if index > 0 { punctuator("&") }
        word(interface.name.value)
      }
    }
    write(directives)
    guard !fields.isEmpty else { return }
    punctuator("{")
    for field in fields {
      write(field.description)
      word(field.name.value)
      write(field.arguments)
      punctuator(":")
      write(field.type)
      write(field.directives)
    }
    punctuator("}")
  }

  private mutating func write(_ operationTypes: [RootOperationTypeDefinition]) {
    punctuator("{")
    for operationType in operationTypes {
      word(operationType.operation.rawValue)
      punctuator(":")
      word(operationType.type.name.value)
    }
    punctuator("}")
  }

  private mutating func write(_ arguments: [InputValueDefinition]) {
    guard !arguments.isEmpty else { return }
    punctuator("(")
    for argument in arguments { write(argument) }
    punctuator(")")
  }

  private mutating func write(_ input: InputValueDefinition) {
    write(input.description)
    word(input.name.value)
    punctuator(":")
    write(input.type)
    if let defaultValue = input.defaultValue {
      punctuator("=")
      write(defaultValue)
    }
    write(input.directives)
  }

  mutating func write(_ description: StringLiteral?) {
    guard let description else { return }
    word(
      description.block
        ? BlockString.print(description.value, minimize: true) : Printer.printString(description.value))
  }
}
