import GraphQL
import Synchronization
import Testing

/// The `ResolverInput` a typed selection writer builds in its own code (from the field's plan, the
/// execution and the arguments it coerced, none for a field without arguments) reads as what the
/// generic executor gives the same resolver: the same path (list indexes included), names,
/// arguments with defaults and variables applied, and source, also from an input kept past the
/// field and read after the execution ended.
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

  /// The inputs the `Item.name` resolver got, kept to be read later.
  final class Kept: Sendable {
    let inputs = Mutex<[ResolverInput<Void>]>([])
  }

  static func seen(_ input: ResolverInput<Void>) -> Seen {
    Seen(
      path: input.info.path, fieldName: input.info.fieldName, parentTypeName: input.info.parentTypeName,
      returnType: "\(input.info.returnType)", operationName: input.info.operation.name?.value,
      variables: input.info.variables, arguments: input.arguments, sourceIndex: (input.source as? Item)?.index
    )
  }

  static func name(_ input: ResolverInput<Void>, kept: Kept) -> String {
    kept.inputs.withLock { $0.append(input) }
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
      for (position, plan) in plans.enumerated() {
        let start = try execution.beginField(plan, at: position)
        defer { execution.endField() }
        guard plan.typedIndex == 0 else {
          try execution.writeUntypedField(plan, source: item)
          continue
        }
        do throws(FieldFailure) {
          let arguments: JSONObject
          do {
            arguments = try execution.arguments(plan)
          } catch {
            throw execution.resolverFailure(error, plan)
          }
          let input = ResolverInput(
            source: item, context: (), plan: plan, arguments: arguments, execution: execution)
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
    return (String(decoding: response, as: UTF8.self), kept.inputs.withLock { $0.map(seen) })
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
