import GraphQL
import GraphQLWire

/// How GraphQL names become Swift names in generated code.
enum SwiftNaming {
  /// Swift keywords that need backticks as property or parameter names.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
    "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
    "Type", "Protocol",
  ]

  /// A property or parameter name: the GraphQL name, in backticks if it is a keyword.
  static func identifier(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// The nested struct name for a field's selection set: the response key capitalised, and
  /// singular for lists (`launches: [Launch]` gives `Launch`), as apollo-ios names them.
  static func typeName(forField responseKey: String, isList: Bool) -> String {
    var name = responseKey
    if isList { name = singular(name) }
    let capitalised = name.prefix(1).uppercased() + name.dropFirst()
    switch capitalised {
    case "Type", "Protocol", "Self", "Data", "Any": return capitalised + "_"
    default: return capitalised
    }
  }

  /// The type name of an operation: its name with the operation type as suffix
  /// (`Login` gives `LoginMutation`), unless it already ends that way.
  static func operationTypeName(_ name: String, _ type: OperationType) -> String {
    let suffix =
      switch type {
      case .query: "Query"
      case .mutation: "Mutation"
      case .subscription: "Subscription"
      }
    return name.hasSuffix(suffix) ? name : name + suffix
  }

  /// The enum case name for an enum value: lower camel case of `SCREAMING_CASE`.
  static func enumCase(_ value: String) -> String {
    let parts = value.split(separator: "_").map { $0.lowercased() }
    guard let first = parts.first else { return identifier(value) }
    let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let name = ([first] + rest).joined()
    let safe = name.first?.isNumber == true ? "_" + name : name
    return identifier(safe)
  }

  private static func singular(_ word: String) -> String {
    if word.hasSuffix("ies") && word.count > 3 { return String(word.dropLast(3)) + "y" }
    for ending in ["ches", "shes", "sses", "xes", "zes"] where word.hasSuffix(ending) {
      return String(word.dropLast(2))
    }
    if word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 1 { return String(word.dropLast()) }
    return word
  }
}
