/// Type-system definitions inside an executable document are invalid (ExecutableDefinitions), but
/// graphql-js still walks them, so the rules that look at directives, arguments, values and type
/// names report on them too. This walks them in graphql-js's key order.
extension ValidationWalker {
  func walkTypeSystem(_ definition: Definition) {
    context.isInTypeSystemDefinition = true
    defer { context.isInTypeSystemDefinition = false }
    switch definition {
    case .typeSystem(.schema(let schema)):
      walk(directives: schema.directives, location: .schema)
      for operationType in schema.operationTypes { walk(namedType: operationType.type) }
    case .typeSystem(.type(let type)):
      walk(typeDefinition: type)
    case .typeSystem(.directive(let directive)):
      walk(inputValues: directive.arguments, location: .argumentDefinition)
    case .typeSystemExtension(let typeExtension):
      walk(typeExtension: typeExtension)
    case .operation, .fragment:
      break
    }
  }

  private func walk(typeExtension: TypeSystemExtension) {
    switch typeExtension {
    case .schema(let schema):
      walk(directives: schema.directives, location: .schema)
      for operationType in schema.operationTypes { walk(namedType: operationType.type) }
    case .scalar(let node): walk(typeDefinition: .scalar(node))
    case .object(let node): walk(typeDefinition: .object(node))
    case .interface(let node): walk(typeDefinition: .interface(node))
    case .union(let node): walk(typeDefinition: .union(node))
    case .enumeration(let node): walk(typeDefinition: .enumeration(node))
    case .inputObject(let node): walk(typeDefinition: .inputObject(node))
    }
  }

  private func walk(typeDefinition: TypeDefinition) {
    switch typeDefinition {
    case .scalar(let node):
      walk(directives: node.directives, location: .scalar)
    case .object(let node), .interface(let node):
      for interface in node.interfaces { walk(namedType: interface) }
      let isInterface = if case .interface = typeDefinition { true } else { false }
      walk(directives: node.directives, location: isInterface ? .interface : .object)
      walk(fields: node.fields)
    case .union(let node):
      walk(directives: node.directives, location: .union)
      for member in node.types { walk(namedType: member) }
    case .enumeration(let node):
      walk(directives: node.directives, location: .enumeration)
      for value in node.values { walk(directives: value.directives, location: .enumValue) }
    case .inputObject(let node):
      walk(directives: node.directives, location: .inputObject)
      walk(inputValues: node.fields, location: .inputFieldDefinition)
    }
  }

  private func walk(fields: [FieldDefinition]) {
    for field in fields {
      walk(inputValues: field.arguments, location: .argumentDefinition)
      walk(type: field.type)
      walk(directives: field.directives, location: .fieldDefinition)
    }
  }

  private func walk(inputValues: [InputValueDefinition], location: DirectiveLocation) {
    for inputValue in inputValues {
      walk(type: inputValue.type)
      if let value = inputValue.defaultValue { walk(value: value) }
      walk(directives: inputValue.directives, location: location)
    }
  }
}
