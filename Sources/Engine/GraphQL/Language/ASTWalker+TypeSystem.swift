// The walk through type-system definitions and extensions.
extension ASTWalker {
  mutating func walk(_ definition: TypeSystemDefinition) {
    switch definition {
    case .schema(let schema):
      guard enter(schema, .schemaDefinition, { $0.schemaDefinition }) else { return }
      walk(schema.directives)
      walk(schema.operationTypes)
      leave(schema, { $0.schemaDefinition })
    case .type(let type):
      guard enter(type, Self.kind(of: type), { $0.typeDefinition }) else { return }
      walkMembers(of: type)
      leave(type, { $0.typeDefinition })
    case .directive(let directive):
      guard enter(directive, .directiveDefinition, { $0.directiveDefinition }) else { return }
      walk(directive.arguments)
      leave(directive, { $0.directiveDefinition })
    }
  }

  mutating func walk(_ definition: TypeSystemExtension) {
    let type: TypeDefinition
    let kind: ASTNodeKind
    switch definition {
    case .schema(let schema):
      guard enter(schema, .schemaExtension, { $0.schemaExtension }) else { return }
      walk(schema.directives)
      walk(schema.operationTypes)
      leave(schema, { $0.schemaExtension })
      return
    case .scalar(let node): (type, kind) = (.scalar(node), .scalarTypeExtension)
    case .object(let node): (type, kind) = (.object(node), .objectTypeExtension)
    case .interface(let node): (type, kind) = (.interface(node), .interfaceTypeExtension)
    case .union(let node): (type, kind) = (.union(node), .unionTypeExtension)
    case .enumeration(let node): (type, kind) = (.enumeration(node), .enumTypeExtension)
    case .inputObject(let node): (type, kind) = (.inputObject(node), .inputObjectTypeExtension)
    }
    guard enter(definition, kind, { $0.typeExtension }) else { return }
    walkMembers(of: type)
    leave(definition, { $0.typeExtension })
  }

  static func kind(of type: TypeDefinition) -> ASTNodeKind {
    switch type {
    case .scalar: .scalarTypeDefinition
    case .object: .objectTypeDefinition
    case .interface: .interfaceTypeDefinition
    case .union: .unionTypeDefinition
    case .enumeration: .enumTypeDefinition
    case .inputObject: .inputObjectTypeDefinition
    }
  }

  /// The children of a type definition or extension: interfaces, directives, then members.
  private mutating func walkMembers(of type: TypeDefinition) {
    switch type {
    case .scalar(let scalar):
      walk(scalar.directives)
    case .object(let object), .interface(let object):
      for interface in object.interfaces { walk(interface) }
      walk(object.directives)
      walk(object.fields)
    case .union(let union):
      walk(union.directives)
      for member in union.types { walk(member) }
    case .enumeration(let enumeration):
      walk(enumeration.directives)
      for value in enumeration.values {
        guard enter(value, .enumValueDefinition, { $0.enumValueDefinition }) else { continue }
        walk(value.directives)
        leave(value, { $0.enumValueDefinition })
      }
    case .inputObject(let input):
      walk(input.directives)
      walk(input.fields)
    }
  }

  private mutating func walk(_ operationTypes: [RootOperationTypeDefinition]) {
    for operationType in operationTypes {
      guard enter(operationType, .rootOperationTypeDefinition, { $0.rootOperationTypeDefinition }) else {
        continue
      }
      walk(operationType.type)
      leave(operationType, { $0.rootOperationTypeDefinition })
    }
  }

  private mutating func walk(_ fields: [FieldDefinition]) {
    for field in fields {
      guard enter(field, .fieldDefinition, { $0.fieldDefinition }) else { continue }
      walk(field.arguments)
      walk(field.type)
      walk(field.directives)
      leave(field, { $0.fieldDefinition })
    }
  }

  private mutating func walk(_ inputValues: [InputValueDefinition]) {
    for input in inputValues {
      guard enter(input, .inputValueDefinition, { $0.inputValueDefinition }) else { continue }
      walk(input.type)
      if let defaultValue = input.defaultValue { walk(defaultValue) }
      walk(input.directives)
      leave(input, { $0.inputValueDefinition })
    }
  }
}
