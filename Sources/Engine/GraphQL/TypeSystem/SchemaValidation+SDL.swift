import GraphQLWire

/// The checks graphql-js runs on an SDL document before building a schema from it
/// (`specifiedSDLRules`): unique names, known types and directives, directives in allowed
/// locations with known and required arguments, and extensions of existing types of the same kind.
///
/// One walk in document order, so errors come out in document order as graphql-js reports them.
struct SDLValidator {
  let index: SchemaDocumentIndex

  /// The directives usable in the document: the built-ins, then the document's own (which win).
  private var directiveMap: [String: SDLDirectiveInfo] {
    var map: [String: SDLDirectiveInfo] = [:]
    for directive in GraphQLDirective.specified {
      map[directive.name] = SDLDirectiveInfo(
        locations: directive.locations.map(\.rawValue),
        arguments: directive.arguments.map { ($0.name, $0.type, $0.defaultValue != nil) },
        isRepeatable: directive.isRepeatable)
    }
    for definition in index.directiveDefinitions {
      map[definition.name.value] = SDLDirectiveInfo(
        locations: definition.locations.map(\.value),
        arguments: definition.arguments.map {
          ($0.name.value, GraphQLTypeReference($0.type), $0.defaultValue != nil)
        },
        isRepeatable: definition.isRepeatable)
    }
    return map
  }

  func validate(into errors: inout SchemaErrors) {
    var walk = SDLWalk(
      directives: directiveMap, definedTypes: index.typeDefinitionByName,
      knownTypeNames: Array(index.typeDefinitionByName.keys))
    for definition in index.definitions {
      walk.visit(definition, &errors)
    }
  }
}

/// What the SDL checks need to know about a directive.
struct SDLDirectiveInfo {
  var locations: [String]
  var arguments: [(name: String, type: GraphQLTypeReference, hasDefault: Bool)]
  var isRepeatable: Bool
}

/// The state of the SDL checks as they walk the document.
struct SDLWalk {
  let directives: [String: SDLDirectiveInfo]
  let definedTypes: [String: TypeDefinition]
  /// The SDL's type names in document order, then the standard ones, for suggestions.
  let suggestionTypeNames: [String]

  private var schemaDefinitionCount = 0
  private var operationTypes: [OperationType: RootOperationTypeDefinition] = [:]
  private var typeNames: [String: Name] = [:]
  private var enumValueNames: [String: [String: Name]] = [:]
  private var fieldNames: [String: [String: Name]] = [:]
  private var directiveNames: [String: Name] = [:]
  private var typeDirectives: [String: [String: Directive]] = [:]
  private var schemaDirectives: [String: Directive] = [:]

  init(
    directives: [String: SDLDirectiveInfo], definedTypes: [String: TypeDefinition], knownTypeNames: [String]
  ) {
    self.directives = directives
    self.definedTypes = definedTypes
    let standard = GraphQLScalarType.specified.map(\.name) + IntrospectionTypes.all.map(\.name)
    suggestionTypeNames = standard + knownTypeNames
  }

  mutating func visit(_ definition: Definition, _ errors: inout SchemaErrors) {
    switch definition {
    case .typeSystem(.schema(let schema)):
      if schemaDefinitionCount > 0 {
        errors.report("Must provide only one schema definition.", [schema.range])
      }
      schemaDefinitionCount += 1
      checkOperationTypes(schema.operationTypes, &errors)
      checkDirectives(schema.directives, location: "SCHEMA", shared: &schemaDirectives, &errors)
      schema.operationTypes.forEach { checkKnownType($0.type, &errors) }
    case .typeSystemExtension(.schema(let schema)):
      checkOperationTypes(schema.operationTypes, &errors)
      checkDirectives(schema.directives, location: "SCHEMA", shared: &schemaDirectives, &errors)
      schema.operationTypes.forEach { checkKnownType($0.type, &errors) }
    case .typeSystem(.type(let type)):
      let name = type.name
      if let first = typeNames.existing(at: name.value, orInsert: name) {
        errors.report("There can be only one type named \"\(name.value)\".", [first.range, name.range])
      }
      visitTypeMembers(TypeMembers(type), &errors)
    case .typeSystem(.directive(let directive)):
      checkArgumentDefinitions("@\(directive.name.value)", directive.arguments, &errors)
      var seen: [String: Directive] = [:]
      checkDirectives(directive.directives, location: "DIRECTIVE_DEFINITION", shared: &seen, &errors)
      if let first = directiveNames.existing(at: directive.name.value, orInsert: directive.name) {
        errors.report(
          "There can be only one directive named \"@\(directive.name.value)\".",
          [first.range, directive.name.range])
      }
      for argument in directive.arguments {
        visitInputValue(argument, location: "ARGUMENT_DEFINITION", &errors)
      }
    case .typeSystemExtension(let typeExtension):
      if let members = TypeMembers(typeExtension) { visitTypeMembers(members, &errors) }
    case .operation, .fragment:
      break
    }
  }

  private mutating func checkOperationTypes(
    _ nodes: [RootOperationTypeDefinition], _ errors: inout SchemaErrors
  ) {
    for node in nodes {
      if let first = operationTypes.existing(at: node.operation, orInsert: node) {
        errors.report(
          "There can be only one \(node.operation.rawValue) type in schema.", [first.range, node.range])
      }
    }
  }

  /// The checks on a type definition or extension and everything inside it, in graphql-js's rule order.
  private mutating func visitTypeMembers(_ type: TypeMembers, _ errors: inout SchemaErrors) {
    let typeName = type.name.value
    for value in type.enumValues {
      if let first = enumValueNames[typeName, default: [:]].existing(
        at: value.name.value, orInsert: value.name)
      {
        errors.report(
          "Enum value \"\(typeName).\(value.name.value)\" can only be defined once.",
          [first.range, value.name.range])
      }
    }
    for fieldName in type.fieldNames {
      if let first = fieldNames[typeName, default: [:]].existing(at: fieldName.value, orInsert: fieldName) {
        errors.report(
          "Field \"\(typeName).\(fieldName.value)\" can only be defined once.",
          [first.range, fieldName.range])
      }
    }
    for field in type.fields {
      checkArgumentDefinitions("\(typeName).\(field.name.value)", field.arguments, &errors)
    }
    if type.isExtension { checkExtensionTarget(type, &errors) }

    type.interfaces.forEach { checkKnownType($0, &errors) }
    var shared = typeDirectives[typeName] ?? [:]
    checkDirectives(type.directives, location: type.location, shared: &shared, &errors)
    typeDirectives[typeName] = shared
    for field in type.fields {
      for argument in field.arguments { visitInputValue(argument, location: "ARGUMENT_DEFINITION", &errors) }
      checkKnownType(field.type.namedType, &errors)
      var seen: [String: Directive] = [:]
      checkDirectives(field.directives, location: "FIELD_DEFINITION", shared: &seen, &errors)
    }
    // graphql-js names fields of input extensions ARGUMENT_DEFINITION; kept for identical messages.
    let inputLocation =
      type.kind == .inputObject && !type.isExtension ? "INPUT_FIELD_DEFINITION" : "ARGUMENT_DEFINITION"
    for field in type.inputFields { visitInputValue(field, location: inputLocation, &errors) }
    for value in type.enumValues {
      var seen: [String: Directive] = [:]
      checkDirectives(value.directives, location: "ENUM_VALUE", shared: &seen, &errors)
    }
    type.unionMembers.forEach { checkKnownType($0, &errors) }
  }

  private mutating func visitInputValue(
    _ value: InputValueDefinition, location: String, _ errors: inout SchemaErrors
  ) {
    checkKnownType(value.type.namedType, &errors)
    if let defaultValue = value.defaultValue { checkUniqueInputFields(defaultValue, &errors) }
    var seen: [String: Directive] = [:]
    checkDirectives(value.directives, location: location, shared: &seen, &errors)
  }

  private func checkArgumentDefinitions(
    _ parentName: String, _ arguments: [InputValueDefinition], _ errors: inout SchemaErrors
  ) {
    for group in arguments.map(\.name).repeated() {
      errors.report(
        "Argument \"\(parentName)(\(group.name):)\" can only be defined once.", group.nodes.map(\.range))
    }
  }

  private func checkExtensionTarget(_ type: TypeMembers, _ errors: inout SchemaErrors) {
    let name = type.name.value
    guard let definition = definedTypes[name] else {
      let suggestions = SuggestionList.list(for: name, options: Array(definedTypes.keys).sorted())
      errors.report(
        "Cannot extend type \"\(name)\" because it is not defined.\(SuggestionList.didYouMean(suggestions))",
        [type.name.range])
      return
    }
    let expected = TypeMembers(definition).kind
    if expected != type.kind {
      errors.report("Cannot extend non-\(type.kind.title) type \"\(name)\".", [definition.range, type.range])
    }
  }

  func checkKnownType(_ named: NamedType, _ errors: inout SchemaErrors) {
    let name = named.name.value
    if definedTypes[name] != nil || GraphQLScalarType.isSpecified(name)
      || IntrospectionTypes.isIntrospectionType(name)
    {
      return
    }
    let suggestions = SuggestionList.list(for: name, options: suggestionTypeNames)
    errors.report("Unknown type \"\(name)\".\(SuggestionList.didYouMean(suggestions))", [named.range])
  }
}
