import GraphQLWire

/// SDL checks on applied directives: known, allowed here, used once unless repeatable, known
/// and unique arguments, unique input object fields, required arguments provided.
extension SDLWalk {
  /// Checks `applied`, the directives on one node. `shared` holds the non-repeatable directives
  /// already seen at this location (a type and its extensions share one set, as do the schema
  /// definition and its extensions).
  func checkDirectives(
    _ applied: [Directive], location: String, shared: inout [String: Directive], _ errors: inout SchemaErrors
  ) {
    for directive in applied {
      let name = directive.name.value
      guard let info = directives[name] else {
        errors.report("Unknown directive \"@\(name)\".", [directive.range])
        continue
      }
      if !info.locations.contains(location) {
        errors.report("Directive \"@\(name)\" may not be used on \(location).", [directive.range])
      }
      if !info.isRepeatable {
        if let first = shared.existing(at: name, orInsert: directive) {
          errors.report(
            "The directive \"@\(name)\" can only be used once at this location.",
            [first.range, directive.range])
        }
      }
      let known = info.arguments.map(\.name)
      for argument in directive.arguments where !known.contains(argument.name.value) {
        let suggestions = SuggestionList.list(for: argument.name.value, options: known)
        errors.report(
          "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
            + SuggestionList.didYouMean(suggestions), [argument.range])
      }
      checkUniqueArguments(directive.arguments, &errors)
      for argument in directive.arguments { checkUniqueInputFields(argument.value, &errors) }
      let provided = Set(directive.arguments.map(\.name.value))
      for argument in info.arguments
      where !provided.contains(argument.name) && argument.type.isNonNull && !argument.hasDefault {
        errors.report(
          "Argument \"@\(name)(\(argument.name):)\" of type \"\(argument.type)\" is required, "
            + "but it was not provided.", [directive.range])
      }
    }
  }

  private func checkUniqueArguments(_ arguments: [Argument], _ errors: inout SchemaErrors) {
    for group in arguments.map(\.name).repeated() {
      errors.report("There can be only one argument named \"\(group.name)\".", group.nodes.map(\.range))
    }
  }

  func checkUniqueInputFields(_ value: Value, _ errors: inout SchemaErrors) {
    switch value {
    case .list(let items, _): items.forEach { checkUniqueInputFields($0, &errors) }
    case .object(let fields, _):
      var seen: [String: Name] = [:]
      for field in fields {
        if let first = seen.existing(at: field.name.value, orInsert: field.name) {
          errors.report(
            "There can be only one input field named \"\(field.name.value)\".",
            [first.range, field.name.range])
        }
        checkUniqueInputFields(field.value, &errors)
      }
    default: break
    }
  }
}

/// A uniform view of a type definition or type extension, for the SDL checks.
struct TypeMembers {
  enum Kind {
    case scalar, object, interface, union, enumeration, inputObject

    /// The kind as graphql-js's messages write it.
    var title: String {
      switch self {
      case .scalar: "scalar"
      case .object: "object"
      case .interface: "interface"
      case .union: "union"
      case .enumeration: "enum"
      case .inputObject: "input object"
      }
    }

    /// The directive location of a type of this kind.
    var location: String {
      switch self {
      case .scalar: "SCALAR"
      case .object: "OBJECT"
      case .interface: "INTERFACE"
      case .union: "UNION"
      case .enumeration: "ENUM"
      case .inputObject: "INPUT_OBJECT"
      }
    }
  }

  var kind: Kind
  var name: Name
  var range: SourceRange?
  var isExtension = false
  var interfaces: [NamedType] = []
  var directives: [Directive] = []
  var fields: [FieldDefinition] = []
  var inputFields: [InputValueDefinition] = []
  var enumValues: [EnumValueDefinition] = []
  var unionMembers: [NamedType] = []

  var location: String { kind.location }

  /// The names of the fields or input fields, in order.
  var fieldNames: [Name] { fields.map(\.name) + inputFields.map(\.name) }

  init(_ definition: TypeDefinition) {
    name = definition.name
    range = definition.range
    switch definition {
    case .scalar(let node):
      kind = .scalar
      directives = node.directives
    case .object(let node):
      kind = .object
      (interfaces, directives, fields) = (node.interfaces, node.directives, node.fields)
    case .interface(let node):
      kind = .interface
      (interfaces, directives, fields) = (node.interfaces, node.directives, node.fields)
    case .union(let node):
      kind = .union
      (directives, unionMembers) = (node.directives, node.types)
    case .enumeration(let node):
      kind = .enumeration
      (directives, enumValues) = (node.directives, node.values)
    case .inputObject(let node):
      kind = .inputObject
      (directives, inputFields) = (node.directives, node.fields)
    }
  }

  /// The view of a type extension; nil for a schema extension.
  init?(_ typeExtension: TypeSystemExtension) {
    let definition: TypeDefinition
    switch typeExtension {
    case .schema: return nil
    case .scalar(let node): definition = .scalar(node)
    case .object(let node): definition = .object(node)
    case .interface(let node): definition = .interface(node)
    case .union(let node): definition = .union(node)
    case .enumeration(let node): definition = .enumeration(node)
    case .inputObject(let node): definition = .inputObject(node)
    }
    self.init(definition)
    isExtension = true
  }
}
