/// A field's, argument's or variable's type in a schema: a named type wrapped in lists and
/// non-null markers. Named types are referred to by name and looked up in the `GraphQLSchema`,
/// which keeps the type graph free of reference cycles.
///
/// A wire type because generated code names types too (a selection's type, for the normalized
/// cache: `.nonNull(.list(.named("Launch")))`) without linking the engine.
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
}
