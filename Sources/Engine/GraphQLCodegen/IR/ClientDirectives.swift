import GraphQL
import GraphQLWire

/// The directives only generated code reads (Apollo Kotlin's error-aware parsing): `@catch` on a
/// field or an operation, `@catchByDefault` on the schema. Operations are validated against the
/// schema with these added, and `@catch` never reaches the server: the wire document leaves it out.
enum ClientDirectives {
  /// The client directives' definitions, each added to the schema for validation when the schema
  /// does not define it itself.
  static let definitions: [(name: String, sdl: String)] = [
    ("CatchTo", "enum CatchTo { RESULT NULL THROW }"),
    ("catch", "directive @catch(to: CatchTo! = RESULT) on FIELD | QUERY | MUTATION | SUBSCRIPTION"),
    ("catchByDefault", "directive @catchByDefault(to: CatchTo!) on SCHEMA"),
  ]

  /// The names of the directives the wire document leaves out.
  static let stripped: Set<String> = ["catch"]

  /// `schemaText` with the client definitions it lacks appended (after its last line, so that
  /// diagnostics keep their places).
  static func validationSchemaText(_ schemaText: String, schema: Document) -> String {
    var defined: Set<String> = []
    for definition in schema.definitions {
      guard case .typeSystem(let typeSystem) = definition else { continue }
      switch typeSystem {
      case .directive(let directive): defined.insert(directive.name.value)
      case .type(let type): defined.insert(type.name.value)
      case .schema: break
      }
    }
    let missing = definitions.filter { !defined.contains($0.name) }.map(\.sdl)
    return missing.isEmpty ? schemaText : schemaText + "\n" + missing.joined(separator: "\n") + "\n"
  }

  /// The `to:` of the `@catch` among `directives`, nil when there is none (`RESULT` when it
  /// gives no `to:`, the directive's default).
  static func catchTo(_ directives: [Directive]) -> ErrorHandlingOptions.CatchTo? {
    guard let directive = directives.first(where: { $0.name.value == "catch" }) else { return nil }
    return to(directive) ?? .result
  }

  /// The schema's `@catchByDefault(to:)`, on its definition or an extension.
  static func catchByDefault(_ schema: Document) -> ErrorHandlingOptions.CatchTo? {
    for definition in schema.definitions {
      let directives: [Directive]
      switch definition {
      case .typeSystem(.schema(let node)): directives = node.directives
      case .typeSystemExtension(.schema(let node)): directives = node.directives
      default: continue
      }
      if let directive = directives.first(where: { $0.name.value == "catchByDefault" }) {
        return to(directive)
      }
    }
    return nil
  }

  /// The list depths a field's `@semanticNonNull` names (`levels`, default `[0]`); empty when it
  /// has none.
  static func semanticNonNullLevels(_ field: GraphQLField) -> Set<Int> {
    guard let directive = field.definition?.directives.first(where: { $0.name.value == "semanticNonNull" })
    else { return [] }
    guard let levels = directive.arguments.first(where: { $0.name.value == "levels" }) else { return [0] }
    guard case .list(let items, _) = levels.value else { return [0] }
    return Set(items.compactMap { if case .int(let text, _) = $0 { Int(text) } else { nil } })
  }

  private static func to(_ directive: Directive) -> ErrorHandlingOptions.CatchTo? {
    guard let argument = directive.arguments.first(where: { $0.name.value == "to" }),
      case .enumValue(let name, _) = argument.value
    else { return nil }
    return ErrorHandlingOptions.CatchTo(rawValue: name)
  }
}

extension Codegen {
  /// `text` as the client sends it: every client-only directive (`@catch`) cut out with the white
  /// space before it, the rest character for character; `text` itself when it does not parse.
  public static func strippingClientDirectives(from text: String) -> String {
    guard let document = try? parse(text) else { return text }
    var cuts: [SourceRange] = []
    var visitor = ASTVisitor()
    visitor.directive.enter = { directive, _ in
      if ClientDirectives.stripped.contains(directive.name.value), let range = directive.range {
        cuts.append(range)
      }
      return .skip
    }
    visit(document, visitor)
    var bytes = Array(text.utf8)
    for cut in cuts.sorted(by: { $0.start > $1.start }) {
      let start =
        cut.start > 0 && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cut.start - 1]) ? cut.start - 1 : cut.start
      bytes.removeSubrange(start..<cut.end)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
