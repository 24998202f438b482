import GraphQL
import GraphQLWire

/// The typed execution half of `--resolvers`: `makeTypedRootWriters(...)` and the selection writer
/// of every object type (`SelectionWriters`), which the engine's synchronous executor calls with
/// the operation's root plans (`TypedRootWriters`). Each writer walks its selection's plans, calls
/// the conformer's method for the field with the typed parent, and writes the typed result
/// itself: built-in scalars straight to the response bytes, objects through the writer of their
/// type, lists of objects item by item, everything else through the engine's generic completion.
extension ResolverProtocolGenerator {
  /// The root types that get a writer (subscriptions run through the engine's event path).
  private var writtenRoots: [GraphQLObjectType] {
    [schema.queryType, schema.mutationType].compactMap { $0 }
  }

  func writeSelectionWriters(into writer: inout SwiftWriter) {
    let types = objectTypes
    guard let first = types.first else { return }
    let generics = conformerGenerics.joined(separator: ", ")
    let constraints = conformerConstraints
    writer.line(
      "/// The selection writers of the root types for the same conformers as `makeFieldResolvers`")
    writer.line(
      "/// (`TypedRootWriters`): each field's resolver gets its typed parent and its result is written")
    writer.line(
      "/// straight to the response. `errorPolicy` turns a resolver's error into the one the client")
    writer.line("/// sees (the backend's policy, as `resolver` applies it in `makeFieldResolvers`).")
    writer.line("func makeTypedRootWriters<\(generics)>(")
    for type in types { writer.line("  \(parameterName(type)): \(type.name)R,") }
    writer.line("  errorPolicy: @escaping @Sendable (any Error, \(first.name)R.Context) -> any Error")
    writer.line(") -> TypedRootWriters")
    writeWhere(constraints, into: &writer)
    writer.line("{")
    let arguments = types.map { "\(parameterName($0)): \(parameterName($0))" }
    writer.line(
      "  let writers = SelectionWriters(\(arguments.joined(separator: ", ")), errorPolicy: errorPolicy)")
    writer.line("  return TypedRootWriters(")
    writer.line("    roots: [")
    for root in writtenRoots {
      writer.line("      \"\(root.name)\": { (plans, execution) throws(FieldFailure) in")
      writer.line(
        "        try writers.write\(root.name)(plans, execution.context(as: \(first.name)R.Context.self), execution)"
      )
      writer.line("      },")
    }
    writer.line("    ],")
    writer.line("    fields: [")
    for type in types {
      let names = type.fields.ordered.map { "\"\($0.name)\"" }.joined(separator: ", ")
      writer.line("      \"\(type.name)\": [\(names)],")
    }
    writer.line("    ])")
    writer.line("}")
    writer.line()
    writer.line("/// Writes each object type's selection set from its typed parent (`makeTypedRootWriters`).")
    writer.line("private struct SelectionWriters<\(generics)>: Sendable")
    writeWhere(constraints, into: &writer)
    writer.line("{")
    writer.line("  typealias Context = \(first.name)R.Context")
    for type in types { writer.line("  let \(parameterName(type)): \(type.name)R") }
    writer.line("  let errorPolicy: @Sendable (any Error, Context) -> any Error")
    let reachable = Set(writtenRoots.map(\.name)).union(types.filter { !isRoot($0) }.map(\.name))
    for type in types where reachable.contains(type.name) {
      writer.line()
      writeObjectWriter(type, into: &writer)
    }
    writer.line("}")
    writer.line()
  }

  private func writeWhere(_ constraints: [String], into writer: inout SwiftWriter) {
    guard !constraints.isEmpty else { return }
    writer.line("where")
    for (index, constraint) in constraints.enumerated() {
      writer.line("  \(constraint)" + (index == constraints.count - 1 ? "" : ","))
    }
  }

  private func writeObjectWriter(_ type: GraphQLObjectType, into writer: inout SwiftWriter) {
    let root = isRoot(type)
    let parent = root ? "" : "_ parent: \(type.name)R.Parent, "
    let source = root ? "execution.rootValue" : "parent"
    writer.line(
      "  func write\(type.name)(\(parent)_ plans: [FieldPlan], _ context: Context, _ execution: TypedExecution)"
    )
    writer.line("    throws(FieldFailure)")
    writer.line("  {")
    writer.line("    execution.beginObject()")
    // One input lent to every field's resolver, moved from field to field (`ResolverInput`).
    writer.line("    guard let first = plans.first else { return execution.endObject() }")
    writer.line(
      "    var input = ResolverInput(source: \(source), context: context, plan: first, execution: execution)")
    writer.line("    try execution.forEachField(of: plans) { (position, plan) throws(FieldFailure) in")
    writer.line("      let start = try execution.beginField(plan, at: position)")
    writer.line("      defer { execution.endField() }")
    writer.line("      switch plan.typedIndex {")
    for (ordinal, field) in type.fields.ordered.enumerated() {
      writer.line("      case \(ordinal):")
      writer.line("        do throws(FieldFailure) {")
      writer.line("          let value: \(resultType(field.type, owner: "\(type.name)R"))")
      writer.line("          do {")
      // A field that declares arguments coerces them first (their errors are the field's).
      if field.arguments.isEmpty {
        writer.line("            input.moveTo(plan)")
      } else {
        writer.line("            let arguments = try execution.arguments(plan)")
        writer.line("            input.moveTo(plan, arguments: arguments)")
      }
      writer.line("            value = try \(call(field, of: type))")
      writer.line("          } catch {")
      writer.line("            throw execution.resolverFailure(errorPolicy(error, context), plan)")
      writer.line("          }")
      for line in completion(field.type) { writer.line("          " + line) }
      writer.line("        } catch {")
      writer.line("          try execution.fieldFailed(error, plan, start: start)")
      writer.line("        }")
    }
    writer.line("      default:")
    writer.line("        try execution.writeUntypedField(plan, source: \(source))")
    writer.line("      }")
    writer.line("    }")
    writer.line("    execution.endObject()")
    writer.line("  }")
  }

  /// The conformer's method for `field`, with the decoded arguments and `input`.
  private func call(_ field: GraphQLField, of type: GraphQLObjectType) -> String {
    var arguments: [String] = []
    if !isRoot(type) { arguments.append("parent") }
    for argument in field.arguments {
      let label = SwiftNaming.identifier(argument.name)
      arguments.append(
        "\(label): try \(decoder(argument.type))(arguments[\"\(argument.name)\"], \"\(argument.name)\")"
      )
    }
    arguments.append("input")
    return
      "\(parameterName(type)).\(SwiftNaming.identifier(field.name))(\(arguments.joined(separator: ", ")))"
  }

  /// The statements that write `value`, a result of type `reference`.
  private func completion(_ reference: GraphQLTypeReference) -> [String] {
    let nonNull = reference.isNonNull
    switch reference.nullable {
    case .named(let name):
      switch schema.typeMap[name] {
      case .object?:
        let write = "try write\(name)(value, execution.subplans(plan), context, execution)"
        return nonNull ? [write] : ["if let value { \(write) } else { try execution.writeNull(plan) }"]
      case .scalar?:
        switch scalarType(name) {
        // Strings and booleans of a non-null field cannot fail.
        case "String"?, "Bool"?:
          return [nonNull ? "execution.write(value, plan)" : "try execution.write(value, plan)"]
        case "Int"?, "Double"?: return ["try execution.write(value, plan)"]
        default: break
        }
      default: break
      }
    case .list(let item):
      if case .named(let name) = item.nullable, case .object? = schema.typeMap[name] {
        let loop = [
          "let subplans = execution.subplans(plan)",
          "execution.beginList()",
          "for (index, item) in value.enumerated() {",
          "  let itemStart = execution.beginItem(index)",
          "  defer { execution.endItem() }",
          "  do throws(FieldFailure) {",
          "    try write\(name)(item, subplans, context, execution)",
          "  } catch {",
          "    try execution.itemFailed(error, plan, start: itemStart)",
          "  }",
          "}",
          "execution.endList()",
        ]
        if nonNull { return loop }
        return ["if let value {"] + loop.map { "  " + $0 } + [
          "} else {", "  try execution.writeNull(plan)", "}",
        ]
      }
    case .nonNull: break
    }
    // Enums (checked against the schema), custom scalars, abstract types, lists of leaves.
    return ["try execution.writeValue(value, plan)"]
  }
}
