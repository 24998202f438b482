import GraphQLWire

/// Interface implementation rules (spec 3.6 "IsValidImplementation", 3.7 interfaces
/// implementing interfaces).
extension SchemaValidator {
  private func implementedInterfaces(_ type: GraphQLNamedType) -> [String] {
    switch type {
    case .object(let object): object.interfaces
    case .interface(let interface): interface.interfaces
    default: []
    }
  }

  /// The `implements` entries of a type (definition and extensions) that name `interfaceName`.
  private func implementsRanges(_ type: GraphQLNamedType?, _ interfaceName: String) -> [SourceRange?] {
    let nodes: [NamedType]
    switch type {
    case .object(let object)?: nodes = object.definition?.interfaces ?? []
    case .interface(let interface)?: nodes = interface.definition?.interfaces ?? []
    default: nodes = []
    }
    return nodes.filter { $0.name.value == interfaceName }.map(\.range)
  }

  func validateInterfaces(of type: GraphQLNamedType, _ errors: inout SchemaErrors) {
    var seen: Set<String> = []
    for interfaceName in implementedInterfaces(type) {
      guard case .interface(let interface)? = self.type(interfaceName) else {
        errors.report(
          "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
          implementsRanges(type, interfaceName))
        continue
      }
      if interfaceName == type.name {
        errors.report(
          "Type \(type.name) cannot implement itself because it would create a circular reference.",
          implementsRanges(type, interfaceName))
        continue
      }
      guard seen.insert(interfaceName).inserted else {
        errors.report(
          "Type \(type.name) can only implement \(interfaceName) once.", implementsRanges(type, interfaceName)
        )
        continue
      }
      validateImplementsAncestors(type, interface, &errors)
      validateImplementsInterface(type, interface, &errors)
    }
  }

  private func validateImplementsAncestors(
    _ type: GraphQLNamedType, _ interface: GraphQLInterfaceType, _ errors: inout SchemaErrors
  ) {
    let own = implementedInterfaces(type)
    for transitive in interface.interfaces where !own.contains(transitive) {
      let message =
        transitive == type.name
        ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
        : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
      errors.report(
        message,
        implementsRanges(.interface(interface), transitive) + implementsRanges(type, interface.name))
    }
  }

  private func validateImplementsInterface(
    _ type: GraphQLNamedType, _ interface: GraphQLInterfaceType, _ errors: inout SchemaErrors
  ) {
    guard let fields = type.fields else { return }
    for interfaceField in interface.fields.ordered {
      let fieldName = interfaceField.name
      guard let field = fields[fieldName] else {
        errors.report(
          "Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.",
          [interfaceField.definition?.range]
            + allRanges(type.name, Self.definitionRange(type)))
        continue
      }
      if !isSubType(field.type, of: interfaceField.type) {
        errors.report(
          "Interface field \(interface.name).\(fieldName) expects type \(interfaceField.type) but "
            + "\(type.name).\(fieldName) is type \(field.type).",
          [interfaceField.definition?.type.range, field.definition?.type.range])
      }
      for interfaceArgument in interfaceField.arguments {
        let argumentName = interfaceArgument.name
        guard let argument = field.argument(argumentName) else {
          errors.report(
            "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expected but "
              + "\(type.name).\(fieldName) does not provide it.",
            [interfaceArgument.definition?.range, field.definition?.range])
          continue
        }
        if argument.type != interfaceArgument.type {
          errors.report(
            "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expects type "
              + "\(interfaceArgument.type) but \(type.name).\(fieldName)(\(argumentName):) is type "
              + "\(argument.type).",
            [interfaceArgument.definition?.type.range, argument.definition?.type.range])
        }
      }
      for argument in field.arguments
      where interfaceField.argument(argument.name) == nil && Self.isRequired(argument) {
        errors.report(
          "Object field \(type.name).\(fieldName) includes required argument \(argument.name) that is "
            + "missing from the Interface field \(interface.name).\(fieldName).",
          [argument.definition?.range, interfaceField.definition?.range])
      }
    }
  }

  /// Whether a field of type `sub` may implement an interface field of type `parent` (spec
  /// "IsValidImplementationFieldType": covariant in the named type, non-null may tighten).
  func isSubType(_ sub: GraphQLTypeReference, of parent: GraphQLTypeReference) -> Bool {
    if sub == parent { return true }
    switch (sub, parent) {
    case (.nonNull(let subInner), .nonNull(let parentInner)): return isSubType(subInner, of: parentInner)
    case (_, .nonNull): return false
    case (.nonNull(let subInner), _): return isSubType(subInner, of: parent)
    case (.list(let subInner), .list(let parentInner)): return isSubType(subInner, of: parentInner)
    case (_, .list), (.list, _): return false
    case (.named(let subName), .named(let parentName)):
      switch (type(subName), type(parentName)) {
      case (.object(let object)?, .interface?): return object.interfaces.contains(parentName)
      case (.interface(let interface)?, .interface?): return interface.interfaces.contains(parentName)
      case (.object?, .union(let union)?): return union.types.contains(subName)
      default: return false
      }
    }
  }
}
