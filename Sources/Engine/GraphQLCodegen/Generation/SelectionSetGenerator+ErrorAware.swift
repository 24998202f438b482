import GraphQL
import GraphQLWire

/// A field's Swift type and decoding expression, as `onError` and its `@catch` make them.
struct FieldCode {
  /// The property's type (`String`, `Mission?`, `FieldResult<Rocket>`).
  var swiftType: String
  /// The expression the initializer assigns to it (it may throw).
  var decode: String
}

extension SelectionSetGenerator {
  /// The type and decoding of `field`:
  ///
  /// - for an operation sent with `onError: NULL`, and for a field caught to `THROW` or `RESULT`,
  ///   the positions `@semanticNonNull` names are non-null: null there comes only with an error
  ///   (under `PROPAGATE` too, at the field or inside it), which the catch handles;
  /// - no `@catch` (from the field, its operation or the default): a nullable field reads its
  ///   null as nil, a non-null one throws (carrying the field's errors) to the nearest catching
  ///   field, or out of the response's decoding;
  /// - `@catch(to: THROW)`: the same, and a nullable field that is null with an error throws too;
  /// - `@catch(to: NULL)`: an optional, nil when the field or a field inside it failed;
  /// - `@catch(to: RESULT)`: `FieldResult<T>`, the value or the errors of that failure.
  func fieldCode(_ field: FieldIR, catchDefault: ErrorHandlingOptions.CatchTo?) -> FieldCode {
    let catchTo = field.responseKey == "__typename" ? nil : field.catchTo ?? catchDefault
    let handled = onError == .null || catchTo == .throw || catchTo == .result
    let levels = handled ? field.semanticNonNullLevels : []
    let type = SwiftTypeMapping.semanticallyNonNull(field.type, levels: levels)
    let key = stringLiteral(field.responseKey)
    let path = "path + [.key(\(key))]"
    let conditional = field.isConditional ? ", conditional: true" : ""
    let json = "ResponseDecoding.member(object, \(key), \(path)\(conditional))"
    let composite = nestedName(field)
    func decode(throwsOnError: Bool) -> String {
      types.decodeExpression(
        type, json: json, path: path, compositeName: composite, forceOptional: field.isConditional,
        throwsOnError: throwsOnError)
    }
    let swiftType = types.resultType(type, compositeName: composite, forceOptional: field.isConditional)
    switch catchTo {
    case nil:
      return FieldCode(swiftType: swiftType, decode: decode(throwsOnError: false))
    case .throw:
      return FieldCode(
        swiftType: swiftType,
        decode: "ResponseDecoding.catchingToThrow { try \(decode(throwsOnError: true)) }")
    case .null:
      let optional = types.resultType(type, compositeName: composite, forceOptional: true)
      return FieldCode(
        swiftType: optional, decode: "ResponseDecoding.catchingToNull { try \(decode(throwsOnError: false)) }"
      )
    case .result:
      return FieldCode(
        swiftType: "FieldResult<\(swiftType)>",
        decode: "ResponseDecoding.catchingToResult { try \(decode(throwsOnError: true)) }")
    }
  }
}
