import GraphQLWire

/// Type lookups validation needs on top of the schema model: resolving wrapped type references,
/// the input/output/leaf classification of a reference, and the implicit meta fields.
extension GraphQLSchema {
  /// The named type at the core of `reference`, if the schema has it.
  func namedType(of reference: GraphQLTypeReference) -> GraphQLNamedType? {
    typeMap[reference.namedType]
  }

  /// The schema type for a type written in a document, if its named type exists.
  func typeReference(from node: TypeReference) -> GraphQLTypeReference? {
    guard typeMap[node.namedType.name.value] != nil else { return nil }
    return GraphQLTypeReference(node)
  }

  /// Whether `reference` names an input type (scalar, enum or input object) of this schema.
  func isInputType(_ reference: GraphQLTypeReference) -> Bool {
    namedType(of: reference)?.isInputType ?? false
  }

  /// Whether `reference` names an output type of this schema.
  func isOutputType(_ reference: GraphQLTypeReference) -> Bool {
    namedType(of: reference)?.isOutputType ?? false
  }

  /// Whether `subType` may be used where `superType` is expected (spec `IsTypeSubTypeOf`
  /// for variable usages: non-null is stricter, lists are covariant, objects fit interfaces and
  /// unions they belong to).
  func isTypeSubType(_ subType: GraphQLTypeReference, of superType: GraphQLTypeReference) -> Bool {
    if subType == superType { return true }
    if case .nonNull(let superInner) = superType {
      if case .nonNull(let subInner) = subType { return isTypeSubType(subInner, of: superInner) }
      return false
    }
    if case .nonNull(let subInner) = subType { return isTypeSubType(subInner, of: superType) }
    if case .list(let superInner) = superType {
      if case .list(let subInner) = subType { return isTypeSubType(subInner, of: superInner) }
      return false
    }
    if case .list = subType { return false }
    guard case .named(let superName) = superType, case .named(let subName) = subType,
      let superNamed = typeMap[superName], superNamed.isAbstractType
    else { return false }
    if case .object? = typeMap[subName] { return isPossibleType(subName, of: superName) }
    if case .interface? = typeMap[subName] { return implements(subName, interface: superName) }
    return false
  }
}
