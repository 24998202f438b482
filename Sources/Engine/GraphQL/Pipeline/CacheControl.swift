/// How long, and for whom, an HTTP cache may keep an answer: the most restrictive of the cache
/// hints of the fields the operation touches, as Apollo Server's cache-control plugin computes it.
public struct CacheControlPolicy: Hashable, Sendable {
  /// Who may keep the answer.
  public enum Scope: Hashable, Sendable {
    /// Any cache, a shared one (a CDN) included.
    case `public`
    /// Only the caller's own cache: the answer depends on who asks.
    case `private`
  }

  /// Seconds the answer stays fresh; 0: not to be kept.
  public var maxAge: Int
  /// Who may keep it.
  public var scope: Scope

  public init(maxAge: Int, scope: Scope) {
    self.maxAge = maxAge
    self.scope = scope
  }

  /// The `Cache-Control` value: `max-age=60, public`, or `no-store` when nothing may be kept.
  public var headerValue: String {
    maxAge > 0 ? "max-age=\(maxAge), \(scope == .public ? "public" : "private")" : "no-store"
  }
}

/// The `@cacheControl(maxAge:, scope:, inheritMaxAge:)` hints of a schema's SDL, by type and
/// field, and the policy they give an operation.
///
/// The rules are Apollo Server's: a field's own hint wins; a field that returns an object type
/// takes that type's hint; without a hint, a root field and a field returning an object type have
/// `maxAge` 0 (not cacheable), and a field returning a scalar or enum inherits its parent's (so it
/// restricts nothing); `inheritMaxAge: true` inherits the parent's `maxAge` too. The policy is the
/// lowest `maxAge` and `PRIVATE` if any hint touched says so. Computed statically over the
/// selection set (fields under `@skip`/`@include` counted as selected), which can only be more
/// restrictive than what runs.
public struct CacheControlHints: Sendable {
  /// One `@cacheControl`'s arguments (also what codegen writes into generated operations).
  package struct Hint: Sendable {
    package var maxAge: Int?
    var scope: CacheControlPolicy.Scope?
    package var inheritMaxAge = false
  }

  struct FieldHints: Sendable {
    var hint: Hint?
    /// The named type the field returns.
    var type: String
  }

  struct TypeHints: Sendable {
    var hint: Hint?
    var fields: [String: FieldHints] = [:]
  }

  private var types: [String: TypeHints] = [:]
  private var roots: Set<String> = []
  private var queryType = "Query"

  /// The hints in `schema`, an SDL document (the one the schema was built from).
  public init(schema: Document) {
    var rootNames: [String] = []
    for definition in schema.definitions {
      guard case .typeSystem(let system) = definition else { continue }
      switch system {
      case .schema(let node):
        rootNames += node.operationTypes.map { $0.type.name.value }
        if let query = node.operationTypes.first(where: { $0.operation == .query }) {
          queryType = query.type.name.value
        }
      case .type(.object(let node)), .type(.interface(let node)):
        add(node.name.value, node.directives, node.fields)
      case .type(.union(let node)):
        types[node.name.value] = TypeHints(hint: Self.hint(in: node.directives))
      default:
        break
      }
    }
    roots = Set(rootNames.isEmpty ? ["Query", "Mutation", "Subscription"] : rootNames)
  }

  private mutating func add(_ name: String, _ directives: [Directive], _ fields: [FieldDefinition]) {
    var info = TypeHints(hint: Self.hint(in: directives))
    for field in fields {
      info.fields[field.name.value] = FieldHints(
        hint: Self.hint(in: field.directives), type: field.type.namedType.name.value)
    }
    types[name] = info
  }

  /// The `@cacheControl` among `directives`, if any.
  package static func hint(in directives: [Directive]) -> Hint? {
    guard let directive = directives.first(where: { $0.name.value == "cacheControl" }) else { return nil }
    var hint = Hint()
    for argument in directive.arguments {
      switch (argument.name.value, argument.value) {
      case ("maxAge", .int(let text, _)): hint.maxAge = Int(text)
      case ("scope", .enumValue(let value, _)): hint.scope = value == "PRIVATE" ? .private : .public
      case ("inheritMaxAge", .boolean(let value, _)): hint.inheritMaxAge = value
      default: break
      }
    }
    return hint
  }

  /// The policy of `operation` (with the document's `fragments`): nil for a mutation or a
  /// subscription, which no cache keeps.
  public func policy(of operation: OperationDefinition, fragments: [String: FragmentDefinition])
    -> CacheControlPolicy?
  {
    guard operation.operation == .query else { return nil }
    var walk = Walk(hints: self, fragments: fragments)
    walk.visit(operation.selectionSet, in: queryType, parentMaxAge: nil, depth: 0)
    return CacheControlPolicy(maxAge: walk.maxAge ?? 0, scope: walk.scope)
  }

  /// One walk over an operation's selections, lowering the policy as it goes.
  private struct Walk {
    let hints: CacheControlHints
    let fragments: [String: FragmentDefinition]
    var maxAge: Int?
    var scope = CacheControlPolicy.Scope.public

    mutating func visit(_ selectionSet: SelectionSet, in typeName: String, parentMaxAge: Int?, depth: Int) {
      // Validated documents have no fragment cycles; the bound keeps a hostile one finite.
      guard depth < 64 else { return }
      let type = hints.types[typeName]
      for selection in selectionSet.selections {
        switch selection {
        case .field(let field):
          let name = field.name.value
          guard !name.hasPrefix("__") else { continue }
          guard let info = type?.fields[name] else { continue }
          visit(field, info, parentType: typeName, parentMaxAge: parentMaxAge, depth: depth)
        case .inlineFragment(let fragment):
          visit(
            fragment.selectionSet, in: fragment.typeCondition?.name.value ?? typeName,
            parentMaxAge: parentMaxAge, depth: depth + 1)
        case .fragmentSpread(let spread):
          guard let fragment = fragments[spread.name.value] else { continue }
          visit(
            fragment.selectionSet, in: fragment.typeCondition.name.value, parentMaxAge: parentMaxAge,
            depth: depth + 1)
        }
      }
    }

    private mutating func visit(
      _ field: Field, _ info: FieldHints, parentType: String, parentMaxAge: Int?, depth: Int
    ) {
      let returned = hints.types[info.type]
      let isComposite = returned != nil
      let typeHint = isComposite ? returned?.hint : nil
      if info.hint?.scope == .private || typeHint?.scope == .private { scope = .private }
      var fieldMaxAge: Int?
      if let own = info.hint?.maxAge {
        fieldMaxAge = own
      } else if info.hint?.inheritMaxAge == true {
        fieldMaxAge = parentMaxAge
      } else if let typed = typeHint?.maxAge {
        fieldMaxAge = typed
      } else if typeHint?.inheritMaxAge == true {
        fieldMaxAge = parentMaxAge
      } else if isComposite || hints.roots.contains(parentType) {
        fieldMaxAge = 0
      } else {
        // A scalar below the root: its parent's age, which already counted.
        fieldMaxAge = parentMaxAge
      }
      if let fieldMaxAge { maxAge = min(maxAge ?? fieldMaxAge, fieldMaxAge) }
      if let selectionSet = field.selectionSet {
        visit(selectionSet, in: info.type, parentMaxAge: fieldMaxAge, depth: depth + 1)
      }
    }
  }
}
