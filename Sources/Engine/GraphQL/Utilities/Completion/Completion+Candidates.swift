import GraphQLWire

/// What the state machine offers where it stopped, from the schema and the document.
extension CompletionStateMachine {
  /// The candidates for the innermost frame's step, before filtering by the typed prefix.
  func candidates() -> [CompletionCandidate] {
    let frame = frames[frames.count - 1]
    switch (frame.kind, frame.step) {
    case (_, .directive): return directives(at: frame.directiveLocation)
    case (_, .variable):
      return variables.map { CompletionCandidate($0.name, kind: .variable, detail: $0.type) }
    case (_, .value(let type)): return values(of: type)
    case (.document, .start): return operationKeywords()
    case (.document, .typeCondition): return compositeTypes(overlapping: nil)
    case (.selectionSet, .typeCondition): return compositeTypes(overlapping: frame.parentType)
    case (.selectionSet, .spread): return fragments(applyingTo: frame.parentType)
    case (.selectionSet, .start), (.selectionSet, .field), (.selectionSet, .alias),
      (.selectionSet, .afterDirective), (.selectionSet, .fragmentSpread):
      return fields(of: frame.parentType)
    case (.arguments, .start):
      return frame.inputs.filter { !frame.given.contains($0.name) }.map {
        CompletionCandidate($0.name, kind: .argument, detail: $0.type.description)
      }
    case (.objectValue, .start):
      return frame.inputs.filter { !frame.given.contains($0.name) }.map {
        CompletionCandidate($0.name, kind: .inputField, detail: $0.type.description)
      }
    case (.variableDefinitions, .variableType): return inputTypes()
    default: return []
    }
  }

  private func operationKeywords() -> [CompletionCandidate] {
    var keywords = ["query"]
    if schema.mutationType != nil { keywords.append("mutation") }
    if schema.subscriptionType != nil { keywords.append("subscription") }
    keywords.append("fragment")
    return keywords.map { CompletionCandidate($0, kind: .keyword) }
  }

  /// An object's or interface's fields, then `__typename` (the only field of a union).
  private func fields(of typeName: String?) -> [CompletionCandidate] {
    guard let typeName, let type = schema.type(named: typeName), type.isCompositeType else { return [] }
    let fields = type.fields?.ordered ?? []
    return fields.map { CompletionCandidate($0.name, kind: .field, detail: $0.type.description) }
      + [CompletionCandidate("__typename", kind: .field, detail: "String!")]
  }

  /// Enum values for an enum, `true false` for a Boolean; nothing else has a fixed set of words.
  private func values(of type: GraphQLTypeReference?) -> [CompletionCandidate] {
    guard let name = type?.namedType else { return [] }
    switch schema.type(named: name) {
    case .enumeration(let enumeration):
      return enumeration.values.map { CompletionCandidate($0.name, kind: .enumValue, detail: name) }
    case .scalar where name == "Boolean":
      return ["true", "false"].map { CompletionCandidate($0, kind: .enumValue, detail: name) }
    default: return []
    }
  }

  private func directives(at location: DirectiveLocation) -> [CompletionCandidate] {
    schema.directives.filter { $0.locations.contains(location) }.map {
      CompletionCandidate($0.name, kind: .directive)
    }
  }

  /// Object, interface and union names, in the schema's order; with `typeName`, only those that
  /// can share an object type with it (a type condition that could never apply is an error).
  private func compositeTypes(overlapping typeName: String?) -> [CompletionCandidate] {
    schema.typeNames.compactMap { name -> CompletionCandidate? in
      guard !name.hasPrefix("__"), let type = schema.type(named: name), type.isCompositeType else {
        return nil
      }
      if let typeName, schema.type(named: typeName) != nil, !schema.typesOverlap(typeName, name) {
        return nil
      }
      return CompletionCandidate(name, kind: .type)
    }
  }

  private func inputTypes() -> [CompletionCandidate] {
    schema.typeNames.compactMap { name -> CompletionCandidate? in
      guard !name.hasPrefix("__"), let type = schema.type(named: name), type.isInputType else { return nil }
      return CompletionCandidate(name, kind: .type)
    }
  }

  /// The fragments the whole document defines (also after the cursor) whose type condition can
  /// apply inside a selection on `typeName`.
  private func fragments(applyingTo typeName: String?) -> [CompletionCandidate] {
    let tokens = Self.tokens(of: bytes).tokens
    // Matched as `fragment Name on Type` anywhere: the document is unfinished, so the
    // definitions after the cursor sit inside brackets it has not closed.
    var candidates: [CompletionCandidate] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .name where text(of: token) == "fragment" && index + 3 < tokens.count:
        let name = text(of: tokens[index + 1])
        let condition = text(of: tokens[index + 3])
        let applies =
          typeName == nil || schema.type(named: condition) == nil || schema.type(named: typeName ?? "") == nil
          || schema.typesOverlap(typeName ?? "", condition)
        if tokens[index + 1].kind == .name && text(of: tokens[index + 2]) == "on" && applies {
          candidates.append(CompletionCandidate(name, kind: .fragment, detail: "on \(condition)"))
        }
        index += 3
      default: break
      }
      index += 1
    }
    return candidates
  }
}
