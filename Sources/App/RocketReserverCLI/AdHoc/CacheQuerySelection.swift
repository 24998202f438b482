import GraphQL
import GraphQLAPI
import GraphQLWire

/// The selection `cache show --query` reads: fields of the query type as written inside a query's
/// braces (`launch(id: 42) { site mission { name } }`), turned into the selections the cache reader
/// follows, against the client's own schema (so field keys match what its operations stored).
///
/// Lenient for people at a prompt: the outer braces may be left out; an object field without a
/// selection set selects every field without arguments (a type already on the path is not
/// entered again); values are literals. A field with an `after` argument is read as the launch
/// list reads it, pages joined.
struct CacheQuerySelection {
  /// What is wrong with the text, for the error line.
  struct Problem: Error {
    var message: String
  }

  let schema: GraphQLSchema

  /// The selections of `text`; ``Problem`` when it does not parse or does not fit the schema.
  func selections(of text: String) throws(Problem) -> [GraphQLAPI.Selection] {
    var body = String(text.drop(while: \.isWhitespace))
    if !body.hasPrefix("{") { body = "{ " + body + " }" }
    let document: Document
    do {
      document = try parse(body)
    } catch {
      throw Problem(message: "cannot read the query: \(error.message)")
    }
    guard document.definitions.count == 1, case .operation(let operation) = document.definitions[0],
      operation.operation == .query
    else { throw Problem(message: "give the fields of a query, such as launch(id: 42) { site }") }
    return try convert(operation.selectionSet, in: schema.queryType.name, path: [])
  }

  private func convert(_ selectionSet: SelectionSet, in typeName: String, path: [String]) throws(Problem)
    -> [GraphQLAPI.Selection]
  {
    var result: [GraphQLAPI.Selection] = []
    for selection in selectionSet.selections {
      switch selection {
      case .field(let node):
        result.append(.field(try field(node, in: typeName, path: path)))
      case .inlineFragment(let fragment):
        let condition = fragment.typeCondition?.name.value ?? typeName
        guard schema.type(named: condition) != nil else {
          throw Problem(message: "the schema has no type \(condition)")
        }
        let inner = try convert(fragment.selectionSet, in: condition, path: path)
        result.append(.typeCase(possibleTypes: possibleTypes(condition), selections: inner))
      case .fragmentSpread(let spread):
        throw Problem(message: "fragments cannot be used here (...\(spread.name.value)): write the fields")
      }
    }
    return result
  }

  private func field(_ node: Field, in typeName: String, path: [String]) throws(Problem)
    -> GraphQLAPI.Selection.Field
  {
    let name = node.name.value
    if name == "__typename" {
      return GraphQLAPI.Selection.Field(name, alias: node.alias?.value, type: .nonNull(.named("String")))
    }
    guard let definition = schema.type(named: typeName)?.fields?[name] else {
      throw Problem(message: "\(typeName) has no field \(name)")
    }
    var arguments: [GraphQLAPI.Selection.Argument] = []
    for argument in node.arguments {
      guard let declared = definition.arguments.first(where: { $0.name == argument.name.value }) else {
        throw Problem(message: "\(typeName).\(name) has no argument \(argument.name.value)")
      }
      arguments.append(.init(argument.name.value, .literal(try literal(argument.value, declared.type))))
    }
    for declared in definition.arguments
    where declared.type.isNonNull && declared.defaultValue == nil
      && !arguments.contains(where: { $0.name == declared.name })
    {
      throw Problem(message: "\(typeName).\(name) needs its argument \(declared.name)")
    }
    // The launch list's own form, so its pages are found: an `after` left out is an absent variable.
    if definition.arguments.contains(where: { $0.name == "after" }),
      !arguments.contains(where: { $0.name == "after" })
    {
      arguments.append(.init("after", .variable("after")))
    }
    let returned = definition.type.namedType
    var selections: [GraphQLAPI.Selection] = []
    if let selectionSet = node.selectionSet {
      selections = try convert(selectionSet, in: returned, path: path + [typeName])
    } else if isComposite(returned) {
      selections = everyField(of: returned, path: path + [typeName])
    }
    return GraphQLAPI.Selection.Field(
      name, alias: node.alias?.value, arguments: arguments, type: definition.type, selections: selections)
  }

  /// Every field of `typeName` that takes no arguments (and not `token`, which the cache never
  /// keeps), its objects' fields likewise, `__typename` first.
  private func everyField(of typeName: String, path: [String]) -> [GraphQLAPI.Selection] {
    var selections: [GraphQLAPI.Selection] = [.field("__typename", type: .nonNull(.named("String")))]
    guard let fields = schema.type(named: typeName)?.fields else { return selections }
    for field in fields.ordered where field.arguments.isEmpty && field.name != "token" {
      let returned = field.type.namedType
      if isComposite(returned) {
        guard !path.contains(returned), returned != typeName else { continue }
        selections.append(
          .field(field.name, type: field.type, selections: everyField(of: returned, path: path + [typeName])))
      } else {
        selections.append(.field(field.name, type: field.type))
      }
    }
    return selections
  }

  private func isComposite(_ typeName: String) -> Bool {
    switch schema.type(named: typeName) {
    case .object?, .interface?, .union?: true
    default: false
    }
  }

  /// The object types a type condition stands for.
  private func possibleTypes(_ typeName: String) -> [String] {
    switch schema.type(named: typeName) {
    case .union(let union)?: return union.types
    case .interface?:
      return schema.typeNames.filter { name in
        if case .object(let object)? = schema.type(named: name) {
          object.interfaces.contains(typeName)
        } else {
          false
        }
      }
    default: return [typeName]
    }
  }

  /// A literal as the JSON the request's variables would carry: an `ID` written as a number is
  /// its digits as a string, an enum value its name.
  private func literal(_ value: Value, _ type: GraphQLTypeReference) throws(Problem) -> JSON {
    switch value {
    case .variable(let variable):
      throw Problem(message: "variables cannot be used here ($\(variable.name.value)): write the value")
    case .int(let text, _):
      if type.namedType == "ID" || type.namedType == "String" { return .string(text) }
      if type.namedType == "Float" { return Double(text).map { .double($0) } ?? .string(text) }
      guard let number = Int(text) else { throw Problem(message: "\(text) is not a whole number") }
      return .int(number)
    case .float(let text, _):
      guard let number = Double(text) else { throw Problem(message: "\(text) is not a number") }
      return .double(number)
    case .string(let text, _, _): return .string(text)
    case .boolean(let flag, _): return .bool(flag)
    case .null: return .null
    case .enumValue(let name, _): return .string(name)
    case .list(let items, _):
      let element: GraphQLTypeReference
      if case .list(let inner) = type.nullable { element = inner } else { element = type }
      var values: [JSON] = []
      for item in items { values.append(try literal(item, element)) }
      return .array(values)
    case .object(let fields, _):
      var object = JSONObject()
      for field in fields { object[field.name.value] = try literal(field.value, .named("String")) }
      return .object(object)
    }
  }
}
