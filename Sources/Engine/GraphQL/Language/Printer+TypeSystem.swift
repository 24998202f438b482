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

  static func print(_ type: TypeDefinition) -> String {
    switch type {
    case .scalar(let scalar):
      describe(scalar.description) + join(["scalar", scalar.name.value, directives(scalar.directives)], " ")
    case .object(let object):
      describe(object.description)
        + join(objectParts("type", object.name, object.interfaces, object.directives, object.fields), " ")
    case .interface(let interface):
      describe(interface.description)
        + join(
          objectParts(
            "interface", interface.name, interface.interfaces, interface.directives, interface.fields), " ")
    case .union(let union):
      describe(union.description)
        + join(
          [
            "union", union.name.value, directives(union.directives),
            wrap("= ", join(union.types.map(\.name.value), " | ")),
          ], " ")
    case .enumeration(let enumeration):
      describe(enumeration.description)
        + join(
          [
            "enum", enumeration.name.value, directives(enumeration.directives),
            block(enumeration.values.map(print)),
          ],
          " ")
    case .inputObject(let input):
      describe(input.description)
        + join(
          ["input", input.name.value, directives(input.directives), block(input.fields.map(print))], " ")
    }
  }

  static func print(_ extensionDefinition: TypeSystemExtension) -> String {
    switch extensionDefinition {
    case .schema(let schema):
      join(["extend schema", directives(schema.directives), block(schema.operationTypes.map(print))], " ")
    case .scalar(let scalar):
      join(["extend scalar", scalar.name.value, directives(scalar.directives)], " ")
    case .object(let object):
      join(objectParts("extend type", object.name, object.interfaces, object.directives, object.fields), " ")
    case .interface(let interface):
      join(
        objectParts(
          "extend interface", interface.name, interface.interfaces, interface.directives, interface.fields),
        " ")
    case .union(let union):
      join(
        [
          "extend union", union.name.value, directives(union.directives),
          wrap("= ", join(union.types.map(\.name.value), " | ")),
        ], " ")
    case .enumeration(let enumeration):
      join(
        [
          "extend enum", enumeration.name.value, directives(enumeration.directives),
          block(enumeration.values.map(print)),
        ], " ")
    case .inputObject(let input):
      join(
        ["extend input", input.name.value, directives(input.directives), block(input.fields.map(print))], " ")
    }
  }

  /// The parts of an object or interface definition: keyword, name, interfaces, directives, fields.
  private static func objectParts(
    _ keyword: String, _ name: Name, _ interfaces: [NamedType], _ directiveList: [Directive],
    _ fields: [FieldDefinition]
  ) -> [String] {
    [
      keyword, name.value, wrap("implements ", join(interfaces.map(\.name.value), " & ")),
      directives(directiveList), block(fields.map(print)),
    ]
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
