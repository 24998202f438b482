@testable import GraphQL
import Testing

/// Minimal built-in scalars for the execution tests (the real ones live in the type-system area);
/// messages as graphql-js for the cases the tests exercise.
enum ExecTestScalars {
  static let int = GraphQLScalarType(
    name: "Int",
    serialize: { value in
      switch value {
      case let int as Int: return .int(int)
      case let json as JSON where json.intValue != nil: return json
      default: throw GraphQLError("Int cannot represent non-integer value: \(value)")
      }
    },
    parseValue: { json in
      guard case .int(let int) = json, Int(Int32.min)...Int(Int32.max) ~= int else {
        throw GraphQLError("Int cannot represent non-integer value: \(ValueInspector.inspect(json))")
      }
      return json
    },
    parseLiteral: { literal in
      guard case .int(let text, _) = literal, let int = Int32(text) else {
        throw GraphQLError("Int cannot represent non-integer value")
      }
      return .int(Int(int))
    })
  static let float = GraphQLScalarType(
    name: "Float",
    serialize: { value in
      if let double = value as? Double { return .double(double) }
      if let int = value as? Int { return .int(int) }
      throw GraphQLError("Float cannot represent non numeric value: \(value)")
    },
    parseValue: { json in
      switch json {
      case .int, .double: return json
      default: throw GraphQLError("Float cannot represent non numeric value: \(json.encodedString)")
      }
    },
    parseLiteral: { literal in
      switch literal {
      case .int(let text, _), .float(let text, _):
        if let double = Double(text) { return .double(double) }
      default: break
      }
      throw GraphQLError("Float cannot represent non numeric value")
    })
  static let string = GraphQLScalarType(
    name: "String",
    serialize: { value in
      switch value {
      case let string as String: return .string(string)
      case let json as JSON where json.stringValue != nil: return json
      case let int as Int: return .string(String(int))
      default: throw GraphQLError("String cannot represent value: \(value)")
      }
    },
    parseValue: { json in
      guard case .string = json else {
        throw GraphQLError("String cannot represent a non string value: \(ValueInspector.inspect(json))")
      }
      return json
    },
    parseLiteral: { literal in
      guard case .string(let text, _, _) = literal else { throw GraphQLError("not a string") }
      return .string(text)
    })
  static let boolean = GraphQLScalarType(
    name: "Boolean",
    serialize: { value in
      if let bool = value as? Bool { return .bool(bool) }
      if let json = value as? JSON, json.boolValue != nil { return json }
      throw GraphQLError("Boolean cannot represent a non boolean value: \(value)")
    },
    parseValue: { json in
      guard case .bool = json else {
        throw GraphQLError("Boolean cannot represent a non boolean value: \(json.encodedString)")
      }
      return json
    },
    parseLiteral: { literal in
      guard case .boolean(let bool, _) = literal else { throw GraphQLError("not a boolean") }
      return .bool(bool)
    })
  static let id = GraphQLScalarType(
    name: "ID",
    serialize: { value in
      if let string = value as? String { return .string(string) }
      if let int = value as? Int { return .string(String(int)) }
      throw GraphQLError("ID cannot represent value: \(value)")
    },
    parseValue: { json in
      switch json {
      case .string: return json
      case .int(let int): return .string(String(int))
      default: throw GraphQLError("ID cannot represent value: \(json.encodedString)")
      }
    },
    parseLiteral: { literal in
      switch literal {
      case .string(let text, _, _), .int(let text, _): return .string(text)
      default: throw GraphQLError("not an ID")
      }
    })
  /// A pass-through custom scalar.
  static func custom(_ name: String) -> GraphQLScalarType {
    GraphQLScalarType(
      name: name,
      serialize: { value in
        if let json = value as? JSON { return json }
        if let string = value as? String { return .string(string) }
        return .string("\(value)")
      },
      parseValue: { $0 },
      parseLiteral: { literal in
        switch literal {
        case .string(let text, _, _): return .string(text)
        case .int(let text, _): return .int(Int(text) ?? 0)
        default: return .null
        }
      })
  }
}

/// Builds a schema from SDL for the tests: types, fields, arguments with defaults, interfaces,
/// unions, enums, input objects, scalars; roots named Query, Mutation, Subscription.
func execTestSchema(_ sdl: String) throws -> GraphQLSchema {
  let document = try parse(sdl)
  var types: [GraphQLNamedType] = [
    .scalar(ExecTestScalars.int), .scalar(ExecTestScalars.float), .scalar(ExecTestScalars.string),
    .scalar(ExecTestScalars.boolean), .scalar(ExecTestScalars.id),
  ]
  func inputValue(_ node: InputValueDefinition) -> GraphQLInputValue {
    GraphQLInputValue(
      name: node.name.value, type: GraphQLTypeReference(node.type), defaultValue: node.defaultValue)
  }
  func fields(_ nodes: [FieldDefinition]) -> GraphQLFieldMap {
    GraphQLFieldMap(
      nodes.map {
        GraphQLField(
          name: $0.name.value, type: GraphQLTypeReference($0.type), arguments: $0.arguments.map(inputValue))
      })
  }
  for case .typeSystem(.type(let definition)) in document.definitions {
    switch definition {
    case .scalar(let node): types.append(.scalar(ExecTestScalars.custom(node.name.value)))
    case .object(let node):
      types.append(
        .object(
          GraphQLObjectType(
            name: node.name.value, fields: fields(node.fields), interfaces: node.interfaces.map(\.name.value))))
    case .interface(let node):
      types.append(
        .interface(
          GraphQLInterfaceType(
            name: node.name.value, fields: fields(node.fields), interfaces: node.interfaces.map(\.name.value))))
    case .union(let node):
      types.append(.union(GraphQLUnionType(name: node.name.value, types: node.types.map(\.name.value))))
    case .enumeration(let node):
      types.append(
        .enumeration(
          GraphQLEnumType(name: node.name.value, values: node.values.map { GraphQLEnumValue(name: $0.name.value) })))
    case .inputObject(let node):
      types.append(
        .inputObject(GraphQLInputObjectType(name: node.name.value, fields: node.fields.map(inputValue))))
    }
  }
  func object(_ name: String) -> GraphQLObjectType? {
    for case .object(let object) in types where object.name == name { return object }
    return nil
  }
  let query = try #require(object("Query"))
  return GraphQLSchema(
    queryType: query, mutationType: object("Mutation"), subscriptionType: object("Subscription"), types: types,
    directives: [])
}

/// Parses and executes `query` synchronously, returning the response JSON text.
func execSync<Context: Sendable>(
  _ schema: ExecutableSchema<Context>, _ query: String, operationName: String? = nil,
  variables: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil
) throws -> String {
  let document = try parse(query)
  let result = executeSync(
    schema: schema, document: document, operationName: operationName, variableValues: variables,
    context: context, rootValue: rootValue)
  return result.json.encodedString
}
