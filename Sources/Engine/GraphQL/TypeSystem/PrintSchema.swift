import GraphQLWire

/// Prints a schema as SDL, exactly as graphql-js 16's `printSchema` does: the `schema` block
/// (only when a root type has an unconventional name or the schema has a description), the
/// custom directives, then every type except the built-in scalars and introspection types, in
/// type map order, separated by blank lines. Descriptions print as block strings.
///
/// - Returns: the SDL text, without a trailing newline.
public func printSchema(_ schema: GraphQLSchema) -> String {
  let printer = SchemaPrinter(typeMap: schema.typeMap)
  var blocks: [String] = []
  if let definition = printer.schemaDefinition(schema) { blocks.append(definition) }
  for directive in schema.directives where !GraphQLDirective.isSpecified(directive.name) {
    blocks.append(printer.directive(directive))
  }
  for name in schema.typeNames
  where !GraphQLScalarType.isSpecified(name) && !IntrospectionTypes.isIntrospectionType(name) {
    if let type = schema.typeMap[name] { blocks.append(printer.type(type)) }
  }
  return blocks.joined(separator: "\n\n")
}

/// The pieces of `printSchema`.
struct SchemaPrinter {
  let typeMap: [String: GraphQLNamedType]

  func schemaDefinition(_ schema: GraphQLSchema) -> String? {
    let conventional =
      schema.queryType.name == "Query" && (schema.mutationType?.name ?? "Mutation") == "Mutation"
      && (schema.subscriptionType?.name ?? "Subscription") == "Subscription"
    if schema.description == nil && conventional { return nil }
    var lines = ["  query: \(schema.queryType.name)"]
    if let mutation = schema.mutationType { lines.append("  mutation: \(mutation.name)") }
    if let subscription = schema.subscriptionType { lines.append("  subscription: \(subscription.name)") }
    return description(schema.description) + "schema {\n" + lines.joined(separator: "\n") + "\n}"
  }

  func type(_ type: GraphQLNamedType) -> String {
    switch type {
    case .scalar(let scalar):
      var text = description(scalar.description) + "scalar \(scalar.name)"
      if let url = scalar.specifiedByURL {
        text += " @specifiedBy(url: \(SchemaValuePrinter.printString(url)))"
      }
      return text
    case .object(let object):
      return description(object.description) + "type \(object.name)" + implements(object.interfaces)
        + fields(object.fields)
    case .interface(let interface):
      return description(interface.description) + "interface \(interface.name)"
        + implements(interface.interfaces)
        + fields(interface.fields)
    case .union(let union):
      let members = union.types.isEmpty ? "" : " = " + union.types.joined(separator: " | ")
      return description(union.description) + "union \(union.name)" + members
    case .enumeration(let enumeration):
      let values = enumeration.values.enumerated().map { position, value in
        description(value.description, indentation: "  ", firstInBlock: position == 0) + "  " + value.name
          + deprecated(value.deprecationReason)
      }
      return description(enumeration.description) + "enum \(enumeration.name)" + block(values)
    case .inputObject(let input):
      let fields = input.fields.enumerated().map { position, field in
        description(field.description, indentation: "  ", firstInBlock: position == 0) + "  "
          + inputValue(field)
      }
      return description(input.description) + "input \(input.name)" + (input.isOneOf ? " @oneOf" : "")
        + block(fields)
    }
  }

  func directive(_ directive: GraphQLDirective) -> String {
    description(directive.description) + "directive @\(directive.name)" + arguments(directive.arguments)
      + deprecated(directive.deprecationReason) + (directive.isRepeatable ? " repeatable" : "") + " on "
      + directive.locations.map(\.rawValue).joined(separator: " | ")
  }

  private func implements(_ interfaces: [String]) -> String {
    interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
  }

  private func fields(_ fields: GraphQLFieldMap) -> String {
    block(
      fields.ordered.enumerated().map { position, field in
        description(field.description, indentation: "  ", firstInBlock: position == 0) + "  " + field.name
          + arguments(field.arguments, indentation: "  ") + ": \(field.type)"
          + deprecated(field.deprecationReason) + semanticNonNull(field)
      })
  }

  /// A field's `@semanticNonNull` as its definition writes it: what a client needs to type the
  /// field non-null under `onError: NULL` (graphql-js prints no other applied directive here).
  private func semanticNonNull(_ field: GraphQLField) -> String {
    guard let applied = field.definition?.directives.first(where: { $0.name.value == "semanticNonNull" })
    else { return "" }
    return " " + Printer.print(applied)
  }

  private func block(_ items: [String]) -> String {
    items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
  }

  private func arguments(_ arguments: [GraphQLInputValue], indentation: String = "") -> String {
    if arguments.isEmpty { return "" }
    if arguments.allSatisfy({ ($0.description ?? "").isEmpty }) {
      return "(" + arguments.map(inputValue).joined(separator: ", ") + ")"
    }
    let lines = arguments.enumerated().map { position, argument in
      description(argument.description, indentation: "  " + indentation, firstInBlock: position == 0) + "  "
        + indentation + inputValue(argument)
    }
    return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
  }

  func inputValue(_ value: GraphQLInputValue) -> String {
    var text = "\(value.name): \(value.type)"
    if let literal = value.defaultValue,
      let printed = SchemaDefaultValue.print(literal, type: value.type, typeMap: typeMap)
    {
      text += " = \(printed)"
    }
    return text + deprecated(value.deprecationReason)
  }

  private func deprecated(_ reason: String?) -> String {
    guard let reason else { return "" }
    if reason == GraphQLDirective.defaultDeprecationReason { return " @deprecated" }
    return " @deprecated(reason: \(SchemaValuePrinter.printString(reason)))"
  }

  private func description(_ text: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
    guard let text else { return "" }
    let printed = SchemaValuePrinter.printDescription(text)
    let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
    return prefix + printed.replacing("\n", with: "\n" + indentation) + "\n"
  }
}
