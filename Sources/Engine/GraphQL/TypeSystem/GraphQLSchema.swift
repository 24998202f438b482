/// A validated schema: root operation types, every named type (including the built-in scalars
/// and the introspection types), and the directives.
///
/// Immutable after construction and safe to share between threads. Build one from SDL with
/// `buildSchema(_:)`; the initializer here only assembles the parts and precomputes lookups.
public final class GraphQLSchema: Sendable {
  public let description: String?
  public let queryType: GraphQLObjectType
  public let mutationType: GraphQLObjectType?
  public let subscriptionType: GraphQLObjectType?
  /// Every named type by name.
  public let typeMap: [String: GraphQLNamedType]
  /// Type names in definition order (user types first, then built-ins), for printing.
  public let typeNames: [String]
  public let directives: [GraphQLDirective]
  /// For each interface and union, the object types that implement or belong to it.
  private let possibleTypeNames: [String: Set<String>]
  /// For each interface, the object types that implement it, in definition order.
  private let implementations: [String: [String]]
  /// Every composite type's fields, resolved for validation; built here so that validating a
  /// document against this schema needs no lock and no process-wide table.
  let validationIndex: SchemaValidationIndex

  public init(
    description: String? = nil, queryType: GraphQLObjectType, mutationType: GraphQLObjectType?,
    subscriptionType: GraphQLObjectType?, types: [GraphQLNamedType], directives: [GraphQLDirective]
  ) {
    self.description = description
    self.queryType = queryType
    self.mutationType = mutationType
    self.subscriptionType = subscriptionType
    var map: [String: GraphQLNamedType] = [:]
    var names: [String] = []
    for type in types where map[type.name] == nil {
      map[type.name] = type
      names.append(type.name)
    }
    typeMap = map
    typeNames = names
    self.directives = directives
    var possible: [String: Set<String>] = [:]
    var implementing: [String: [String]] = [:]
    for name in names {
      switch map[name] {
      case .union(let union)?:
        possible[union.name, default: []].formUnion(union.types)
      case .object(let object)?:
        for interface in object.interfaces {
          possible[interface, default: []].insert(object.name)
          implementing[interface, default: []].append(object.name)
        }
      default:
        break
      }
    }
    possibleTypeNames = possible
    implementations = implementing
    validationIndex = SchemaValidationIndex(
      typeNames: names, typeMap: map, queryTypeName: queryType.name, directives: directives)
  }

  /// The named type called `name`, if the schema has one.
  public func type(named name: String) -> GraphQLNamedType? { typeMap[name] }

  /// The root type for an operation type, if the schema defines one.
  public func rootType(for operation: OperationType) -> GraphQLObjectType? {
    switch operation {
    case .query: queryType
    case .mutation: mutationType
    case .subscription: subscriptionType
    }
  }

  /// The directive called `name`, if declared.
  public func directive(named name: String) -> GraphQLDirective? {
    directives.first { $0.name == name }
  }

  /// The object types an abstract type may resolve to, in definition order.
  public func possibleTypes(of abstractTypeName: String) -> [GraphQLObjectType] {
    switch typeMap[abstractTypeName] {
    case .union(let union)?:
      return union.types.compactMap { if case .object(let object)? = typeMap[$0] { object } else { nil } }
    case .interface?:
      return (implementations[abstractTypeName] ?? []).compactMap {
        if case .object(let object)? = typeMap[$0] { object } else { nil }
      }
    case .object(let object)?:
      return [object]
    default:
      return []
    }
  }

  /// Whether `objectTypeName` is a possible type of `abstractTypeName` (or is that object type).
  public func isPossibleType(_ objectTypeName: String, of abstractTypeName: String) -> Bool {
    if objectTypeName == abstractTypeName { return true }
    return possibleTypeNames[abstractTypeName]?.contains(objectTypeName) ?? false
  }

  /// Whether interface or object `typeName` implements interface `interfaceName`.
  public func implements(_ typeName: String, interface interfaceName: String) -> Bool {
    switch typeMap[typeName] {
    case .object(let object)?: object.interfaces.contains(interfaceName)
    case .interface(let interface)?: interface.interfaces.contains(interfaceName)
    default: false
    }
  }

  /// Whether the two composite types can have an object type in common (spec: used by
  /// PossibleFragmentSpreads and OverlappingFieldsCanBeMerged).
  public func typesOverlap(_ first: String, _ second: String) -> Bool {
    if first == second { return true }
    let firstPossible = Set(possibleTypes(of: first).map(\.name))
    return possibleTypes(of: second).contains { firstPossible.contains($0.name) }
  }
}
