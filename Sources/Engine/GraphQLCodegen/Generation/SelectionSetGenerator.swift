import GraphQL
import GraphQLWire

/// Writes the Swift struct for a selection set, its decoding initializer and, nested inside,
/// the structs of its child selection sets, fragments accessors and type cases.
struct SelectionSetGenerator {
  let schema: GraphQLSchema
  let types: SwiftTypeMapping
  /// The `onError` the operations are generated for.
  let onError: ErrorHandlingOptions.OnError

  init(schema: GraphQLSchema, onError: ErrorHandlingOptions.OnError = .propagate) {
    self.schema = schema
    self.types = SwiftTypeMapping(schema: schema)
    self.onError = onError
  }

  /// Writes `public struct <name>: SelectionSetData` for `selectionSet`.
  /// - Parameter catchDefault: the `@catch(to:)` of fields that have none (the operation's, else
  ///   the configuration's or schema's default).
  func write(
    _ selectionSet: SelectionSetIR, named name: String, catchDefault: ErrorHandlingOptions.CatchTo?,
    into writer: inout SwiftWriter
  ) {
    writer.block("public struct \(name): SelectionSetData, Hashable") { writer in
      for field in selectionSet.fields {
        var doc = field.description ?? ""
        if let reason = field.deprecationReason {
          doc += (doc.isEmpty ? "" : "\n\n") + "Deprecated: \(reason)"
        }
        writer.documentation(doc)
        let swiftType = fieldCode(field, catchDefault: catchDefault).swiftType
        writer.line("public let \(SwiftNaming.identifier(field.responseKey)): \(swiftType)")
      }
      for fragment in selectionSet.fragments {
        writer.line("/// The fields of fragment `\(fragment)`.")
        writer.line("public let \(fragmentProperty(fragment)): \(fragment)")
      }
      for typeCase in selectionSet.typeCases {
        writer.line("/// Set when the object is a `\(typeCase.typeName)`.")
        writer.line("public let as\(typeCase.typeName): As\(typeCase.typeName)?")
      }
      for fragment in selectionSet.deferredFragments {
        writer.line(
          "/// Deferred fragment `\(fragment.typeName)`: nil until it arrives; `$\(fragment.propertyName)` says whether it has."
        )
        writer.line("@Deferred public var \(fragment.propertyName): \(fragment.typeName)?")
      }
      writer.line()
      writeSelections(selectionSet, into: &writer)
      writer.line()
      writeInitializer(selectionSet, catchDefault: catchDefault, into: &writer)
      for field in selectionSet.fields {
        guard let child = field.selectionSet else { continue }
        writer.line()
        write(child, named: nestedName(field), catchDefault: catchDefault, into: &writer)
      }
      for typeCase in selectionSet.typeCases {
        writer.line()
        write(
          typeCase.selectionSet, named: "As\(typeCase.typeName)", catchDefault: catchDefault, into: &writer)
      }
      for fragment in selectionSet.deferredFragments {
        guard let child = fragment.selectionSet else { continue }
        writer.line()
        write(child, named: fragment.typeName, catchDefault: catchDefault, into: &writer)
      }
    }
  }

  private func writeInitializer(
    _ selectionSet: SelectionSetIR, catchDefault: ErrorHandlingOptions.CatchTo?,
    into writer: inout SwiftWriter
  ) {
    writer.block("public init(object: JSONObject, path: [PathComponent]) throws") { writer in
      writer.line("try self.init(object: object, path: path, errors: .none)")
    }
    writer.line()
    writer.block("public init(object: JSONObject, path: [PathComponent], errors: ResponseErrors) throws") {
      writer in
      for field in selectionSet.fields {
        let decode = fieldCode(field, catchDefault: catchDefault).decode
        writer.line("self.\(SwiftNaming.identifier(field.responseKey)) = try \(decode)")
      }
      for fragment in selectionSet.fragments {
        writer.line(
          "self.\(fragmentProperty(fragment)) = try \(fragment)(object: object, path: path, errors: errors)")
      }
      for typeCase in selectionSet.typeCases {
        let list = concreteTypes(of: typeCase, in: selectionSet).map(stringLiteral).joined(separator: ", ")
        writer.line(
          "self.as\(typeCase.typeName) = try object[\"__typename\"]?.stringValue.map { [\(list)].contains($0) }"
            + " == true ? As\(typeCase.typeName)(object: object, path: path, errors: errors) : nil")
      }
      for fragment in selectionSet.deferredFragments {
        writer.line(
          "self._\(fragment.propertyName.filter { $0 != "`" }) = try Deferred(object: object, path: path, errors: errors)"
        )
      }
    }
  }

  /// The object types an object of `selectionSet` is when `typeCase` applies.
  func concreteTypes(of typeCase: TypeCaseIR, in selectionSet: SelectionSetIR) -> [String] {
    schema.possibleTypes(of: typeCase.typeName).map(\.name)
      .filter { schema.isPossibleType($0, of: selectionSet.parentType) }
  }

  func nestedName(_ field: FieldIR) -> String {
    let isList: Bool
    if case .list = field.type.nullable { isList = true } else { isList = false }
    return SwiftNaming.typeName(forField: field.responseKey, isList: isList)
  }

  private func fragmentProperty(_ fragment: String) -> String {
    SwiftNaming.identifier(fragment.prefix(1).lowercased() + fragment.dropFirst())
  }
}

/// A Swift string literal for `text` (escaping quotes, backslashes and control characters).
func stringLiteral(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if scalar.value < 0x20 {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
