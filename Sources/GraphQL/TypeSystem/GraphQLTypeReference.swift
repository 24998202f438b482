/// A field's, argument's or variable's type in a schema: a named type wrapped in lists and
/// non-null markers. Named types are referred to by name and looked up in the `GraphQLSchema`,
/// which keeps the type graph free of reference cycles.
public indirect enum GraphQLTypeReference: Hashable, Sendable, CustomStringConvertible {
  case named(String)
  case list(GraphQLTypeReference)
  case nonNull(GraphQLTypeReference)

  /// The innermost named type's name.
  public var namedType: String {
    switch self {
    case .named(let name): name
    case .list(let inner), .nonNull(let inner): inner.namedType
    }
  }

  /// Whether the outermost wrapper is non-null.
  public var isNonNull: Bool { if case .nonNull = self { true } else { false } }

  /// The type without its outermost non-null marker.
  public var nullable: GraphQLTypeReference {
    if case .nonNull(let inner) = self { return inner }
    return self
  }

  /// The type as GraphQL writes it, such as `[ID]!`.
  public var description: String {
    switch self {
    case .named(let name): name
    case .list(let inner): "[\(inner)]"
    case .nonNull(let inner): "\(inner)!"
    }
  }

  /// The schema type for a type written in a document.
  public init(_ reference: TypeReference) {
    switch reference {
    case .named(let named): self = .named(named.name.value)
    case .list(let inner, _): self = .list(GraphQLTypeReference(inner))
    case .nonNull(let inner, _): self = .nonNull(GraphQLTypeReference(inner))
    }
  }
}
