import GraphQLWire

/// Builds a schema from the result of the standard introspection query (graphql-js
/// `buildClientSchema`), such as a remote server's answer, so that it can be printed or used to
/// validate documents. The schema cannot be executed: its types have no resolvers.
///
/// The built-in scalars and introspection types are the local ones, whatever the result says;
/// like graphql-js, the schema is not validated.
/// - Parameter introspection: the response's `data` (an object with `__schema`), or the whole
///   response (with `data.__schema`).
/// - Returns: the schema the result describes.
/// - Throws: `GraphQLError` when the result is incomplete or inconsistent (graphql-js messages).
public func buildClientSchema(_ introspection: JSON) throws -> GraphQLSchema {
  guard case .object(let schemaObject)? = introspection["__schema"] ?? introspection["data"]?["__schema"]
  else {
    throw GraphQLError(
      "Invalid or incomplete introspection result. Ensure that you are passing \"data\" property of "
        + "introspection response and no \"errors\" was returned alongside: \(ScalarInspect.inspect(introspection))."
    )
  }
  return try ClientSchemaBuilder(schemaObject).build()
}

/// The work of `buildClientSchema`.
struct ClientSchemaBuilder {
  let schemaObject: JSONObject
  /// Each type's introspection object by name, in result order.
  var typeObjects: [String: JSONObject] = [:]
  var typeOrder: [String] = []

  init(_ schemaObject: JSONObject) {
    self.schemaObject = schemaObject
    for case .object(let type) in schemaObject["types"]?.arrayValue ?? [] {
      guard let name = type["name"]?.stringValue, typeObjects[name] == nil else { continue }
      typeObjects[name] = type
      typeOrder.append(name)
    }
  }

  func build() throws -> GraphQLSchema {
    guard schemaObject["types"]?.arrayValue != nil else {
      throw GraphQLError(
        "Invalid or incomplete introspection result. Ensure that a full introspection query is used in order "
          + "to build a client schema: \(ScalarInspect.inspect(.object(schemaObject))).")
    }
    var typeMap: [String: GraphQLNamedType] = [:]
    for name in typeOrder {
      if let standard = GraphQLScalarType.specified(named: name) {
        typeMap[name] = .scalar(standard)
      } else if let introspectionType = IntrospectionTypes.all.first(where: { $0.name == name }) {
        typeMap[name] = introspectionType
      } else if let object = typeObjects[name] {
        typeMap[name] = try buildType(object)
      }
    }
    for scalar in GraphQLScalarType.specified where typeMap[scalar.name] == nil {
      typeMap[scalar.name] = .scalar(scalar)
    }
    for type in IntrospectionTypes.all where typeMap[type.name] == nil { typeMap[type.name] = type }

    func root(_ key: String) throws -> GraphQLObjectType? {
      guard let name = schemaObject[key]?["name"]?.stringValue else { return nil }
      guard case .object(let object)? = typeMap[name] else {
        throw GraphQLError("Introspection result root type \(name) is not an object type.")
      }
      return object
    }
    guard let query = try root("queryType") else {
      throw GraphQLError("Introspection result has no query type.")
    }
    let mutation = try root("mutationType")
    let subscription = try root("subscriptionType")
    let directives = try (schemaObject["directives"]?.arrayValue ?? []).map(buildDirective)
    let names = SchemaParts.orderedTypeNames(
      listed: typeOrder, roots: [query.name, mutation?.name, subscription?.name].compactMap { $0 },
      directives: directives, typeMap: typeMap)
    return GraphQLSchema(
      description: schemaObject["description"]?.stringValue, queryType: query, mutationType: mutation,
      subscriptionType: subscription, types: names.compactMap { typeMap[$0] }, directives: directives)
  }

  private func buildType(_ object: JSONObject) throws -> GraphQLNamedType {
    let name = object["name"]?.stringValue ?? ""
    let description = object["description"]?.stringValue
    let inspected = ScalarInspect.inspect(.object(object))
    func list(_ key: String, missing: String) throws -> [JSON] {
      guard let items = object[key]?.arrayValue else { throw GraphQLError("\(missing): \(inspected).") }
      return items
    }
    func names(_ items: [JSON]) -> [String] { items.compactMap { $0["name"]?.stringValue } }
    switch object["kind"]?.stringValue {
    case "SCALAR":
      return .scalar(
        .custom(name: name, description: description, specifiedByURL: object["specifiedByURL"]?.stringValue))
    case "OBJECT":
      let interfaces = try list("interfaces", missing: "Introspection result missing interfaces")
      return .object(
        GraphQLObjectType(
          name: name, description: description, fields: try fields(object, inspected),
          interfaces: names(interfaces)))
    case "INTERFACE":
      let interfaces = object["interfaces"]?.arrayValue ?? []
      return .interface(
        GraphQLInterfaceType(
          name: name, description: description, fields: try fields(object, inspected),
          interfaces: names(interfaces)))
    case "UNION":
      let members = try list("possibleTypes", missing: "Introspection result missing possibleTypes")
      return .union(GraphQLUnionType(name: name, description: description, types: names(members)))
    case "ENUM":
      let values = try list("enumValues", missing: "Introspection result missing enumValues").map {
        GraphQLEnumValue(
          name: $0["name"]?.stringValue ?? "", description: $0["description"]?.stringValue,
          deprecationReason: $0["deprecationReason"]?.stringValue)
      }
      return .enumeration(GraphQLEnumType(name: name, description: description, values: values))
    case "INPUT_OBJECT":
      let fields = try list("inputFields", missing: "Introspection result missing inputFields").map(
        inputValue)
      return .inputObject(
        GraphQLInputObjectType(
          name: name, description: description, fields: fields, isOneOf: object["isOneOf"]?.boolValue ?? false
        ))
    default:
      throw GraphQLError(
        "Invalid or incomplete introspection result. Ensure that a full introspection query is used in order "
          + "to build a client schema: \(inspected).")
    }
  }

  private func fields(_ object: JSONObject, _ inspected: String) throws -> GraphQLFieldMap {
    guard let items = object["fields"]?.arrayValue else {
      throw GraphQLError("Introspection result missing fields: \(inspected).")
    }
    return GraphQLFieldMap(
      try items.map { field in
        guard let arguments = field["args"]?.arrayValue else {
          throw GraphQLError("Introspection result missing field args: \(ScalarInspect.inspect(field)).")
        }
        return GraphQLField(
          name: field["name"]?.stringValue ?? "", description: field["description"]?.stringValue,
          type: try typeReference(field["type"]), arguments: try arguments.map(inputValue),
          deprecationReason: field["deprecationReason"]?.stringValue)
      })
  }

  private func inputValue(_ value: JSON) throws -> GraphQLInputValue {
    var defaultValue: Value?
    if let text = value["defaultValue"]?.stringValue {
      defaultValue = try parseConstValue(text)
    }
    return GraphQLInputValue(
      name: value["name"]?.stringValue ?? "", description: value["description"]?.stringValue,
      type: try typeReference(value["type"]), defaultValue: defaultValue,
      deprecationReason: value["deprecationReason"]?.stringValue)
  }

  private func buildDirective(_ directive: JSON) throws -> GraphQLDirective {
    let inspected = ScalarInspect.inspect(directive)
    guard let arguments = directive["args"]?.arrayValue else {
      throw GraphQLError("Introspection result missing directive args: \(inspected).")
    }
    guard let locations = directive["locations"]?.arrayValue else {
      throw GraphQLError("Introspection result missing directive locations: \(inspected).")
    }
    return GraphQLDirective(
      name: directive["name"]?.stringValue ?? "", description: directive["description"]?.stringValue,
      locations: locations.compactMap { $0.stringValue.flatMap(DirectiveLocation.init(rawValue:)) },
      arguments: try arguments.map(inputValue), isRepeatable: directive["isRepeatable"]?.boolValue ?? false,
      deprecationReason: directive["deprecationReason"]?.stringValue)
  }

  private func typeReference(_ value: JSON?) throws -> GraphQLTypeReference {
    guard let value, case .object = value else {
      throw GraphQLError("Unknown type reference: \(ScalarInspect.inspect(value ?? .null)).")
    }
    switch value["kind"]?.stringValue {
    case "LIST", "NON_NULL":
      guard let inner = value["ofType"], !inner.isNull else {
        throw GraphQLError("Decorated type deeper than introspection query.")
      }
      let innerType = try typeReference(inner)
      return value["kind"]?.stringValue == "LIST" ? .list(innerType) : .nonNull(innerType)
    default:
      guard let name = value["name"]?.stringValue else {
        throw GraphQLError("Unknown type reference: \(ScalarInspect.inspect(value)).")
      }
      guard
        typeObjects[name] != nil || GraphQLScalarType.isSpecified(name)
          || IntrospectionTypes.isIntrospectionType(name)
      else {
        throw GraphQLError(
          "Invalid or incomplete schema, unknown type: \(name). Ensure that a full introspection query is used "
            + "in order to build a client schema.")
      }
      return .named(name)
    }
  }
}
