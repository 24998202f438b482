import GraphQL
import GraphQLWire

extension SelectionSetGenerator {
  /// Writes `public static let __selections`: the fields (with `__typename` for every object
  /// below the root, as the wire document asks for it), their arguments and types, and the type
  /// cases, so a normalized cache can store and rebuild a response without the document.
  func writeSelections(_ selectionSet: SelectionSetIR, into writer: inout SwiftWriter) {
    var entries = selectionSet.fields.map(fieldEntry)
    let hasTypename = selectionSet.fields.contains { $0.responseKey == "__typename" }
    if !hasTypename && !schema.isRootType(selectionSet.parentType) {
      entries.append(".field(\"__typename\", type: .nonNull(.named(\"String\")))")
    }
    for typeCase in selectionSet.typeCases {
      let types = concreteTypes(of: typeCase, in: selectionSet).map(stringLiteral).joined(separator: ", ")
      entries.append(
        ".typeCase(possibleTypes: [\(types)], selections: As\(typeCase.typeName).__selections)")
    }
    writer.line("/// The selections this type was generated from, for the normalized cache.")
    if !selectionSet.deferredFragments.isEmpty {
      let deferred = selectionSet.deferredFragments.map { "\($0.typeName).__selections" }
      writer.line("public static let __selections: [Selection] = Selection.merging(")
      writer.line("  [")
      for entry in entries { writer.line("    \(entry),") }
      writer.line("  ], deferred: [\(deferred.joined(separator: ", "))])")
      return
    }
    guard !entries.isEmpty else {
      writer.line("public static let __selections: [Selection] = []")
      return
    }
    writer.line("public static let __selections: [Selection] = [")
    for entry in entries { writer.line("  \(entry),") }
    writer.line("]")
  }

  private func fieldEntry(_ field: FieldIR) -> String {
    var parts = [stringLiteral(field.fieldName)]
    if field.responseKey != field.fieldName { parts.append("alias: \(stringLiteral(field.responseKey))") }
    if !field.arguments.isEmpty {
      let arguments = field.arguments.map {
        ".init(\(stringLiteral($0.name.value)), \(inputValue($0.value)))"
      }
      parts.append("arguments: [\(arguments.joined(separator: ", "))]")
    }
    parts.append("type: \(typeReference(field.type))")
    if field.selectionSet != nil { parts.append("selections: \(nestedName(field)).__selections") }
    if field.isConditional { parts.append("isConditional: true") }
    return ".field(\(parts.joined(separator: ", ")))"
  }

  private func typeReference(_ type: GraphQLTypeReference) -> String {
    switch type {
    case .named(let name): ".named(\(stringLiteral(name)))"
    case .list(let inner): ".list(\(typeReference(inner)))"
    case .nonNull(let inner): ".nonNull(\(typeReference(inner)))"
    }
  }

  /// An `InputValue` expression: constants as one `.literal`, variables inside lists and input
  /// objects kept apart so each request fills them in.
  private func inputValue(_ value: Value) -> String {
    if value.isConstant { return ".literal(\(jsonLiteral(value)))" }
    switch value {
    case .variable(let variable):
      return ".variable(\(stringLiteral(variable.name.value)))"
    case .list(let items, _):
      return ".list([\(items.map(inputValue).joined(separator: ", "))])"
    case .object(let fields, _):
      let entries = fields.map { ".init(\(stringLiteral($0.name.value)), \(inputValue($0.value)))" }
      return ".object([\(entries.joined(separator: ", "))])"
    default:
      return ".literal(\(jsonLiteral(value)))"
    }
  }

  private func jsonLiteral(_ value: Value) -> String {
    switch value {
    case .variable: ".null"
    case .int(let text, _): Int(text).map { ".int(\($0))" } ?? ".double(\(Double(text) ?? 0))"
    case .float(let text, _): ".double(\(Double(text) ?? 0))"
    case .string(let text, _, _): ".string(\(stringLiteral(text)))"
    case .boolean(let flag, _): ".bool(\(flag))"
    case .null: ".null"
    case .enumValue(let name, _): ".string(\(stringLiteral(name)))"
    case .list(let items, _): ".array([\(items.map(jsonLiteral).joined(separator: ", "))])"
    case .object(let fields, _):
      fields.isEmpty
        ? ".object([:])"
        : ".object([\(fields.map { "\(stringLiteral($0.name.value)): \(jsonLiteral($0.value))" }.joined(separator: ", "))])"
    }
  }
}
