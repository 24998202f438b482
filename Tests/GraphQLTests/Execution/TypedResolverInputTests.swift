import GraphQL
import GraphQLWire
import Synchronization
import Testing

/// The `ResolverInput` a typed selection writer lends (one per object, moved from field to field
/// with the field's plan and the arguments it coerced) reads as what the generic executor gives
/// the same resolver: the same path (list indexes included), names, arguments with defaults and
/// variables applied, and source; and what a resolver copies out of it stays true after the
/// execution ended.
@Suite struct TypedResolverInputTests {
  static let schema = """
    type Query { items(count: Int = 2): [Item!]! }
    type Item { name(prefix: String = "#"): String }
    """
  static let query = "query Q($p: String) { items { name(prefix: $p) other: name } }"

  struct Item: Sendable { let index: Int }

  /// What a resolver saw of its input.
  struct Seen: Sendable, Equatable {
    var path: [PathComponent]
    var fieldName: String
    var parentTypeName: String
    var returnType: String
    var operationName: String?
    var variables: JSONObject
    var arguments: JSONObject
    var sourceIndex: Int?
  }

  /// What the `Item.name` resolver copied out of its inputs, kept to be read later.
  final class Kept: Sendable {
    let infos = Mutex<[(info: ResolveInfo, arguments: JSONObject, source: (any Sendable)?)]>([])
  }

  static func seen(_ kept: (info: ResolveInfo, arguments: JSONObject, source: (any Sendable)?)) -> Seen {
    let info = kept.info
    return Seen(
      path: info.path, fieldName: info.fieldName, parentTypeName: info.parentTypeName,
      returnType: "\(info.returnType)", operationName: info.operation.name?.value,
      variables: info.variables, arguments: kept.arguments, sourceIndex: (kept.source as? Item)?.index)
  }

  static func name(_ input: borrowing ResolverInput<Void>, kept: Kept) -> String {
    let copied = (info: input.info, arguments: input.arguments, source: input.source)
    kept.infos.withLock { $0.append(copied) }
    let prefix = if case .string(let prefix)? = input.arguments["prefix"] { prefix } else { "?" }
    return prefix + String((input.source as? Item)?.index ?? -1)
  }

  static func resolvers(_ kept: Kept) -> [String: [String: FieldResolver<Void>]] {
    [
      "Query": [
        "items": .sync { input in
          guard case .int(let count)? = input.arguments["count"] else { return [Item]() }
          return (0..<count).map(Item.init)
        }
      ],
      "Item": ["name": .sync { input in name(input, kept: kept) }],
    ]
  }

  /// What generated code writes for this schema (`rocket-codegen --resolvers`), by hand: the
  /// `Query.items` list of `Item` objects, whose `name` calls the same resolver as the table with
  /// the input a generated writer builds.
  static func writers(_ kept: Kept) -> TypedRootWriters {
    @Sendable func writeItem(_ item: Item, _ plans: [FieldPlan], _ execution: TypedExecution)
      throws(FieldFailure)
    {
      execution.beginObject()
      guard let first = plans.first else { return execution.endObject() }
      var input = ResolverInput(source: item, context: (), plan: first, execution: execution)
      try execution.forEachField(of: plans) { (position, plan) throws(FieldFailure) in
        let start = try execution.beginField(plan, at: position)
        defer { execution.endField() }
        guard plan.typedIndex == 0 else {
          try execution.writeUntypedField(plan, source: item)
          return
        }
        do throws(FieldFailure) {
          let arguments: JSONObject
          do {
            arguments = try execution.arguments(plan)
          } catch {
            throw execution.resolverFailure(error, plan)
          }
          input.moveTo(plan, arguments: arguments)
          execution.write(name(input, kept: kept), plan)
        } catch {
          try execution.fieldFailed(error, plan, start: start)
        }
      }
      execution.endObject()
    }
    return TypedRootWriters(
      roots: [
        "Query": { (plans, execution) throws(FieldFailure) in
          execution.beginObject()
          for (position, plan) in plans.enumerated() {
            _ = try execution.beginField(plan, at: position)
            defer { execution.endField() }
            let count: Int
            do {
              guard case .int(let given)? = try execution.arguments(plan)["count"] else { return }
              count = given
            } catch {
              throw execution.resolverFailure(error, plan)
            }
            let items = (0..<count).map(Item.init)
            let subplans = execution.subplans(plan)
            execution.beginList()
            for (index, item) in items.enumerated() {
              _ = execution.beginItem(index)
              defer { execution.endItem() }
              try writeItem(item, subplans, execution)
            }
            execution.endList()
          }
          execution.endObject()
        }
      ],
      fields: ["Query": ["items"], "Item": ["name"]])
  }

  /// Runs the query on `schema` and returns the response and what `Item.name` saw, read once the
  /// execution is over.
  static func run(_ schema: ExecutableSchema<Void>, kept: Kept) throws -> (response: String, seen: [Seen]) {
    let document = try parse(Source(query))
    let response = executeSyncEncoded(
      schema: schema, document: document, variableValues: ["p": .string("n")], context: ())
    return (String(decoding: response, as: UTF8.self), kept.infos.withLock { $0.map(seen) })
  }

  @Test func aTypedInputReadsAsTheGenericExecutorsInput() throws {
    let schema = try buildSchema(Self.schema)
    let genericKept = Kept()
    let typedKept = Kept()
    let generic = try Self.run(
      ExecutableSchema(schema: schema, resolvers: Self.resolvers(genericKept)), kept: genericKept)
    let typed = try Self.run(
      ExecutableSchema(schema: schema, resolvers: Self.resolvers(typedKept), typed: Self.writers(typedKept)),
      kept: typedKept)
    #expect(
      generic.response == ##"{"data":{"items":[{"name":"n0","other":"#0"},{"name":"n1","other":"#1"}]}}"##)
    #expect(typed.response == generic.response)
    #expect(typed.seen.count == 4)
    #expect(typed.seen == generic.seen)
    #expect(typed.seen.first?.path == [.key("items"), .index(0), .key("name")])
    #expect(typed.seen.last?.path == [.key("items"), .index(1), .key("other")])
    #expect(typed.seen.first?.arguments == ["prefix": .string("n")])
    #expect(typed.seen.last?.arguments == ["prefix": .string("#")])
    #expect(typed.seen.first?.operationName == "Q")
  }
}
