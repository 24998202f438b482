import GraphQLWire

extension GraphQLTypeReference {
  /// The schema type for a type written in a document.
  public init(_ reference: TypeReference) {
    switch reference {
    case .named(let named): self = .named(named.name.value)
    case .list(let inner, _): self = .list(GraphQLTypeReference(inner))
    case .nonNull(let inner, _): self = .nonNull(GraphQLTypeReference(inner))
    }
  }
}
