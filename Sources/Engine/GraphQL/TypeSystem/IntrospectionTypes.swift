import GraphQLWire

/// The introspection types (spec 4.5) as graphql-js 17 defines them; every schema's type map
/// includes them.
enum IntrospectionTypes {
  /// `includeDeprecated: Boolean! = false`, the argument of the lists that leave deprecated members out.
  private static let includeDeprecated = [
    GraphQLInputValue(
      name: "includeDeprecated", type: .nonNull(.named("Boolean")), defaultValue: .boolean(false, range: nil))
  ]

  static let schema = GraphQLObjectType(
    name: "__Schema",
    description:
      "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(
        name: "types", description: "A list of all types supported by this server.",
        type: .nonNull(.list(.nonNull(.named("__Type"))))),
      GraphQLField(
        name: "queryType", description: "The type that query operations will be rooted at.",
        type: .nonNull(.named("__Type"))),
      GraphQLField(
        name: "mutationType",
        description: "If this server supports mutation, the type that mutation operations will be rooted at.",
        type: .named("__Type")),
      GraphQLField(
        name: "subscriptionType",
        description:
          "If this server supports subscription, the type that subscription operations will be rooted at.",
        type: .named("__Type")),
      GraphQLField(
        name: "directives", description: "A list of all directives supported by this server.",
        type: .nonNull(.list(.nonNull(.named("__Directive")))), arguments: includeDeprecated),
    ]))

  static let type = GraphQLObjectType(
    name: "__Type",
    description:
      "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "kind", type: .nonNull(.named("__TypeKind"))),
      GraphQLField(name: "name", type: .named("String")),
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(name: "specifiedByURL", type: .named("String")),
      GraphQLField(name: "fields", type: .list(.nonNull(.named("__Field"))), arguments: includeDeprecated),
      GraphQLField(name: "interfaces", type: .list(.nonNull(.named("__Type")))),
      GraphQLField(name: "possibleTypes", type: .list(.nonNull(.named("__Type")))),
      GraphQLField(
        name: "enumValues", type: .list(.nonNull(.named("__EnumValue"))), arguments: includeDeprecated),
      GraphQLField(
        name: "inputFields", type: .list(.nonNull(.named("__InputValue"))), arguments: includeDeprecated),
      GraphQLField(name: "ofType", type: .named("__Type")),
      GraphQLField(name: "isOneOf", type: .named("Boolean")),
    ]))

  static let field = GraphQLObjectType(
    name: "__Field",
    description:
      "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "name", type: .nonNull(.named("String"))),
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(
        name: "args", type: .nonNull(.list(.nonNull(.named("__InputValue")))), arguments: includeDeprecated),
      GraphQLField(name: "type", type: .nonNull(.named("__Type"))),
      GraphQLField(name: "isDeprecated", type: .nonNull(.named("Boolean"))),
      GraphQLField(name: "deprecationReason", type: .named("String")),
    ]))

  static let inputValue = GraphQLObjectType(
    name: "__InputValue",
    description:
      "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "name", type: .nonNull(.named("String"))),
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(name: "type", type: .nonNull(.named("__Type"))),
      GraphQLField(
        name: "defaultValue",
        description: "A GraphQL-formatted string representing the default value for this input value.",
        type: .named("String")),
      GraphQLField(name: "isDeprecated", type: .nonNull(.named("Boolean"))),
      GraphQLField(name: "deprecationReason", type: .named("String")),
    ]))

  static let enumValue = GraphQLObjectType(
    name: "__EnumValue",
    description:
      "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "name", type: .nonNull(.named("String"))),
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(name: "isDeprecated", type: .nonNull(.named("Boolean"))),
      GraphQLField(name: "deprecationReason", type: .named("String")),
    ]))

  static let directive = GraphQLObjectType(
    name: "__Directive",
    description:
      "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.",
    fields: GraphQLFieldMap([
      GraphQLField(name: "name", type: .nonNull(.named("String"))),
      GraphQLField(name: "description", type: .named("String")),
      GraphQLField(name: "isRepeatable", type: .nonNull(.named("Boolean"))),
      GraphQLField(name: "locations", type: .nonNull(.list(.nonNull(.named("__DirectiveLocation"))))),
      GraphQLField(
        name: "args", type: .nonNull(.list(.nonNull(.named("__InputValue")))), arguments: includeDeprecated),
      GraphQLField(name: "isDeprecated", type: .nonNull(.named("Boolean"))),
      GraphQLField(name: "deprecationReason", type: .named("String")),
    ]))

  static let typeKind = GraphQLEnumType(
    name: "__TypeKind",
    description: "An enum describing what kind of type a given `__Type` is.",
    values: [
      GraphQLEnumValue(name: "SCALAR", description: "Indicates this type is a scalar."),
      GraphQLEnumValue(
        name: "OBJECT",
        description: "Indicates this type is an object. `fields` and `interfaces` are valid fields."),
      GraphQLEnumValue(
        name: "INTERFACE",
        description:
          "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."
      ),
      GraphQLEnumValue(
        name: "UNION", description: "Indicates this type is a union. `possibleTypes` is a valid field."),
      GraphQLEnumValue(
        name: "ENUM", description: "Indicates this type is an enum. `enumValues` is a valid field."),
      GraphQLEnumValue(
        name: "INPUT_OBJECT",
        description: "Indicates this type is an input object. `inputFields` is a valid field."),
      GraphQLEnumValue(
        name: "LIST", description: "Indicates this type is a list. `ofType` is a valid field."),
      GraphQLEnumValue(
        name: "NON_NULL", description: "Indicates this type is a non-null. `ofType` is a valid field."),
    ])

  static let directiveLocation = GraphQLEnumType(
    name: "__DirectiveLocation",
    description:
      "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.",
    values: [
      GraphQLEnumValue(name: "QUERY", description: "Location adjacent to a query operation."),
      GraphQLEnumValue(name: "MUTATION", description: "Location adjacent to a mutation operation."),
      GraphQLEnumValue(name: "SUBSCRIPTION", description: "Location adjacent to a subscription operation."),
      GraphQLEnumValue(name: "FIELD", description: "Location adjacent to a field."),
      GraphQLEnumValue(
        name: "FRAGMENT_DEFINITION", description: "Location adjacent to a fragment definition."),
      GraphQLEnumValue(name: "FRAGMENT_SPREAD", description: "Location adjacent to a fragment spread."),
      GraphQLEnumValue(name: "INLINE_FRAGMENT", description: "Location adjacent to an inline fragment."),
      GraphQLEnumValue(
        name: "VARIABLE_DEFINITION", description: "Location adjacent to an operation variable definition."),
      // graphql-js 17 lists it, though fragment variables are experimental there and not parsed here.
      GraphQLEnumValue(
        name: "FRAGMENT_VARIABLE_DEFINITION",
        description: "Location adjacent to a fragment variable definition."),
      GraphQLEnumValue(name: "SCHEMA", description: "Location adjacent to a schema definition."),
      GraphQLEnumValue(name: "SCALAR", description: "Location adjacent to a scalar definition."),
      GraphQLEnumValue(name: "OBJECT", description: "Location adjacent to an object type definition."),
      GraphQLEnumValue(name: "FIELD_DEFINITION", description: "Location adjacent to a field definition."),
      GraphQLEnumValue(
        name: "ARGUMENT_DEFINITION", description: "Location adjacent to an argument definition."),
      GraphQLEnumValue(name: "INTERFACE", description: "Location adjacent to an interface definition."),
      GraphQLEnumValue(name: "UNION", description: "Location adjacent to a union definition."),
      GraphQLEnumValue(name: "ENUM", description: "Location adjacent to an enum definition."),
      GraphQLEnumValue(name: "ENUM_VALUE", description: "Location adjacent to an enum value definition."),
      GraphQLEnumValue(
        name: "INPUT_OBJECT", description: "Location adjacent to an input object type definition."),
      GraphQLEnumValue(
        name: "INPUT_FIELD_DEFINITION", description: "Location adjacent to an input object field definition."),
      GraphQLEnumValue(
        name: "DIRECTIVE_DEFINITION", description: "Location adjacent to a directive definition."),
    ])

  /// All eight, in the order graphql-js adds them to a type map.
  static let all: [GraphQLNamedType] = [
    .object(schema), .object(type), .enumeration(typeKind), .object(field), .object(inputValue),
    .object(enumValue), .object(directive), .enumeration(directiveLocation),
  ]

  /// Whether `name` names one of the introspection types.
  static func isIntrospectionType(_ name: String) -> Bool { all.contains { $0.name == name } }
}
