import GraphQL
import GraphQLWire

/// Maps schema types to the Swift types and decoding expressions of generated code.
struct SwiftTypeMapping {
  let schema: GraphQLSchema

  /// The Swift type of a leaf (scalar or enum) named type.
  func leafType(_ name: String) -> String {
    switch name {
    case "Int": "Int"
    case "Float": "Double"
    case "String": "String"
    case "Boolean": "Bool"
    case "ID": "GraphQLID"
    default:
      if case .enumeration? = schema.type(named: name) { name } else { "String" }
    }
  }

  /// The Swift type of a result field. `compositeName` names the nested struct for composite
  /// types; `forceOptional` makes a conditional field optional even when non-null.
  func resultType(_ type: GraphQLTypeReference, compositeName: String, forceOptional: Bool) -> String {
    let base = resultTypeIgnoringOuterNull(type.nullable, compositeName: compositeName)
    return type.isNonNull && !forceOptional ? base : base + "?"
  }

  private func resultTypeIgnoringOuterNull(_ type: GraphQLTypeReference, compositeName: String) -> String {
    switch type {
    case .nonNull(let inner):
      return resultTypeIgnoringOuterNull(inner, compositeName: compositeName)
    case .list(let element):
      return "[" + resultType(element, compositeName: compositeName, forceOptional: false) + "]"
    case .named(let name):
      return schema.type(named: name)?.isCompositeType == true ? compositeName : leafType(name)
    }
  }

  /// An expression decoding `json` at `path` (both Swift expressions) into the result type, in
  /// an initializer whose `errors` are the response's. `throwsOnError` makes a nullable field
  /// that is null with an error throw (`@catch(to: THROW)` and `RESULT`) instead of reading nil.
  func decodeExpression(
    _ type: GraphQLTypeReference, json: String, path: String, compositeName: String, forceOptional: Bool,
    throwsOnError: Bool = false
  ) -> String {
    let inner = innerDecode(type.nullable, compositeName: compositeName)
    if forceOptional || !type.isNonNull {
      let function = throwsOnError ? "nullableThrowing" : "nullable"
      let errors = throwsOnError ? ", errors" : ""
      return "ResponseDecoding.\(function)(\(json), \(path)\(errors)) { \(inner) }"
    }
    return "ResponseDecoding.nonNull(\(json), \(path), errors) { \(inner) }"
  }

  /// A closure body decoding `$0` at `$1` into a type whose outer nullability is handled.
  private func innerDecode(_ type: GraphQLTypeReference, compositeName: String) -> String {
    switch type {
    case .nonNull(let inner):
      return innerDecode(inner, compositeName: compositeName)
    case .list(let element):
      let elementDecode = decodeExpression(
        element, json: "$0", path: "$1", compositeName: compositeName, forceOptional: false)
      return "try ResponseDecoding.list($0, $1) { try \(elementDecode) }"
    case .named(let name):
      if schema.type(named: name)?.isCompositeType == true {
        return "try ResponseDecoding.object($0, $1, errors, as: \(compositeName).self)"
      }
      return "try ResponseDecoding.scalar($0, $1, as: \(leafType(name)).self)"
    }
  }

  /// `type` with the list depths in `levels` made non-null (0 the type itself, 1 its items...):
  /// the type a field marked `@semanticNonNull(levels:)` has for an operation sent with
  /// `onError: NULL`, where its nulls come only with errors.
  static func semanticallyNonNull(_ type: GraphQLTypeReference, levels: Set<Int>, depth: Int = 0)
    -> GraphQLTypeReference
  {
    guard !levels.isEmpty else { return type }
    switch type {
    case .nonNull(let inner):
      return .nonNull(semanticallyNonNull(inner, levels: levels, depth: depth))
    case .list(let element):
      let list = GraphQLTypeReference.list(semanticallyNonNull(element, levels: levels, depth: depth + 1))
      return levels.contains(depth) ? .nonNull(list) : list
    case .named:
      return levels.contains(depth) ? .nonNull(type) : type
    }
  }

  /// The Swift type of an operation variable or input object field: nullable top-level values
  /// are `GraphQLNullable` (absent, null or a value); a non-null one with a default is optional
  /// (nil leaves it out so the default applies).
  func inputType(_ type: GraphQLTypeReference, hasDefault: Bool) -> String {
    switch type {
    case .nonNull(let inner):
      let base = nestedInputType(inner)
      return hasDefault ? base + "?" : base
    default:
      return "GraphQLNullable<\(nestedInputType(type))>"
    }
  }

  /// The Swift type of a value of `type` that is given, never null or absent: the payload of a
  /// OneOf input enum's case.
  func givenInputType(_ type: GraphQLTypeReference) -> String { nestedInputType(type) }

  private func nestedInputType(_ type: GraphQLTypeReference) -> String {
    switch type {
    case .nonNull(let inner): nestedInputType(inner)
    case .list(let element):
      "[" + nestedInputType(element) + (element.isNonNull ? "" : "?") + "]"
    case .named(let name):
      if case .inputObject? = schema.type(named: name) { name } else { leafType(name) }
    }
  }
}
