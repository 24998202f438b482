// Printing type-system definitions and extensions, as graphql-js does.
extension Printer {
  static func print(_ definition: TypeSystemDefinition) -> String {
    switch definition {
    case .schema(let schema):
      return describe(schema.description)
        + join(["schema", directives(schema.directives), block(schema.operationTypes.map(print))], " ")
    case .type(let type): return print(type)
    case .directive(let directive):
      return describe(directive.description) + "directive @" + directive.name.value
        + argumentDefinitions(directive.arguments)
        + (directive.directives.isEmpty ? "" : " " + directives(directive.directives))
        + (directive.isRepeatable ? " repeatable" : "") + " on "
        + join(directive.locations.map(\.value), " | ")
    }
  }

  /// A type definition, or with `extending` its extension (`extend` first, no description).
  static func print(_ type: TypeDefinition, extending: Bool = false) -> String {
    let description: StringLiteral?
    let parts: [String]
    switch type {
    case .scalar(let scalar):
      description = scalar.description
      parts = ["scalar", scalar.name.value, directives(scalar.directives)]
    case .object(let object), .interface(let object):
      let isInterface = if case .interface = type { true } else { false }
      description = object.description
      parts = [
        isInterface ? "interface" : "type", object.name.value,
        wrap("implements ", join(object.interfaces.map(\.name.value), " & ")), directives(object.directives),
        block(object.fields.map(print)),
      ]
    case .union(let union):
      description = union.description
      parts = [
        "union", union.name.value, directives(union.directives),
        wrap("= ", join(union.types.map(\.name.value), " | ")),
      ]
    case .enumeration(let enumeration):
      description = enumeration.description
      parts = [
        "enum", enumeration.name.value, directives(enumeration.directives),
        block(enumeration.values.map(print)),
      ]
    case .inputObject(let input):
      description = input.description
      parts = ["input", input.name.value, directives(input.directives), block(input.fields.map(print))]
    }
    return (extending ? "extend " : describe(description)) + join(parts, " ")
  }

  static func print(_ extensionDefinition: TypeSystemExtension) -> String {
    switch extensionDefinition {
    case .schema(let schema):
      join(["extend schema", directives(schema.directives), block(schema.operationTypes.map(print))], " ")
    case .scalar(let node): print(.scalar(node), extending: true)
    case .object(let node): print(.object(node), extending: true)
    case .interface(let node): print(.interface(node), extending: true)
    case .union(let node): print(.union(node), extending: true)
    case .enumeration(let node): print(.enumeration(node), extending: true)
    case .inputObject(let node): print(.inputObject(node), extending: true)
    }
  }

  static func print(_ operationType: RootOperationTypeDefinition) -> String {
    operationType.operation.rawValue + ": " + operationType.type.name.value
  }

  static func print(_ field: FieldDefinition) -> String {
    describe(field.description) + field.name.value + argumentDefinitions(field.arguments) + ": "
      + field.type.description + wrap(" ", directives(field.directives))
  }

  static func print(_ input: InputValueDefinition) -> String {
    describe(input.description)
      + join(
        [
          input.name.value + ": " + input.type.description, wrap("= ", input.defaultValue.map(print) ?? ""),
          directives(input.directives),
        ], " ")
  }

  static func print(_ value: EnumValueDefinition) -> String {
    describe(value.description) + join([value.name.value, directives(value.directives)], " ")
  }

  /// `(a: Int, b: Int)`, or one per line when any of them spans lines (has a description).
  private static func argumentDefinitions(_ arguments: [InputValueDefinition]) -> String {
    let printed = arguments.map(print)
    return hasMultilineItems(printed)
      ? wrap("(\n", indent(join(printed, "\n")), "\n)") : wrap("(", join(printed, ", "), ")")
  }

  /// A description followed by a line break, or "".
  private static func describe(_ description: StringLiteral?) -> String {
    guard let description else { return "" }
    return print(description) + "\n"
  }

  private static func directives(_ directives: [Directive]) -> String {
    join(directives.map(print), " ")
  }
}
