import GraphQL
import GraphQLWire

/// What an input object's fields and an operation's variables share in generated code: the
/// initializer and the JSON object of the values given.
extension SwiftWriter {
  /// An input value as generated code holds it.
  typealias InputValue = (name: String, type: GraphQLTypeReference, hasDefault: Bool)

  /// `public init(...)` taking each of `values` (a nullable one defaulting to `.absent`, one with
  /// a schema default to nil) and storing it in its property.
  mutating func inputInitializer(_ values: [InputValue], types: SwiftTypeMapping) {
    let parameters = values.map { value in
      let defaultValue = !value.type.isNonNull ? " = .absent" : (value.hasDefault ? " = nil" : "")
      return "\(value.name): \(types.inputType(value.type, hasDefault: value.hasDefault))\(defaultValue)"
    }
    block("public init(\(parameters.joined(separator: ", ")))") { writer in
      for value in values {
        let name = SwiftNaming.identifier(value.name)
        writer.line("self.\(name) = \(name)")
      }
    }
  }

  /// The lines that put each of `values` into the JSON object `object`: an absent one is left
  /// out, and so is a nil one with a default (the server then uses its default).
  mutating func inputJSONLines(_ values: [InputValue], into object: String) {
    for value in values {
      let name = SwiftNaming.identifier(value.name)
      let key = stringLiteral(value.name)
      if !value.type.isNonNull {
        line("if let value = \(name).inputJSON { \(object)[\(key)] = value }")
      } else if value.hasDefault {
        line("if let value = \(name) { \(object)[\(key)] = value.inputJSON }")
      } else {
        line("\(object)[\(key)] = \(name).inputJSON")
      }
    }
  }
}
