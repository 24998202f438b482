/// The depth-first walk behind `visit`: calls each active visitor's hooks, keeps the ancestor
/// stack, and tracks which visitors are skipping a subtree or have stopped.
struct ASTWalker {
  private let visitors: [ASTVisitor]
  /// Per visitor: nil while active, else the depth where it started skipping (`Int.max`: stopped).
  private var skipping: [Int?]
  private var active: Int
  private(set) var ancestors: [ASTNodeKind] = []

  init(visitors: [ASTVisitor]) {
    self.visitors = visitors
    self.skipping = Array(repeating: nil, count: visitors.count)
    self.active = visitors.count
    ancestors.reserveCapacity(32)
  }

  /// Calls the `enter` hooks for `node`; returns whether any visitor wants its children, and if
  /// so pushes `kind` on the ancestor stack (then `leave` must follow).
  @inline(__always)
  mutating func enter<Node>(
    _ node: Node, _ kind: ASTNodeKind, _ hooks: (ASTVisitor) -> VisitHooks<Node>
  ) -> Bool {
    guard active > 0 else { return false }
    let depth = ancestors.count
    for index in visitors.indices where skipping[index] == nil {
      guard let enter = hooks(visitors[index]).enter else { continue }
      switch enter(node, VisitContext(ancestors: ancestors)) {
      case .continue: break
      case .skip:
        skipping[index] = depth
        active -= 1
      case .stop:
        skipping[index] = Int.max
        active -= 1
      }
    }
    if active == 0 {
      // Nobody descends: undo the skips that belong to this node right away.
      for index in visitors.indices where skipping[index] == depth {
        skipping[index] = nil
        active += 1
      }
      return false
    }
    ancestors.append(kind)
    return true
  }

  /// Pops `node` off the ancestor stack and calls the `leave` hooks of the visitors that entered it.
  @inline(__always)
  mutating func leave<Node>(_ node: Node, _ hooks: (ASTVisitor) -> VisitHooks<Node>) {
    ancestors.removeLast()
    let depth = ancestors.count
    for index in visitors.indices {
      if let skipDepth = skipping[index] {
        if skipDepth == depth {
          skipping[index] = nil
          active += 1
        }
        continue
      }
      hooks(visitors[index]).leave?(node, VisitContext(ancestors: ancestors))
    }
  }

  // MARK: - Executable documents

  mutating func walk(_ document: Document) {
    guard enter(document, .document, { $0.document }) else { return }
    for definition in document.definitions { walk(definition) }
    leave(document, { $0.document })
  }

  mutating func walk(_ definition: Definition) {
    switch definition {
    case .operation(let operation): walk(operation)
    case .fragment(let fragment): walk(fragment)
    case .typeSystem(let definition): walk(definition)
    case .typeSystemExtension(let definition): walk(definition)
    }
  }

  mutating func walk(_ operation: OperationDefinition) {
    guard enter(operation, .operationDefinition(operation.operation), { $0.operationDefinition }) else {
      return
    }
    for definition in operation.variableDefinitions { walk(definition) }
    walk(operation.directives)
    walk(operation.selectionSet)
    leave(operation, { $0.operationDefinition })
  }

  mutating func walk(_ definition: VariableDefinition) {
    guard enter(definition, .variableDefinition, { $0.variableDefinition }) else { return }
    walk(definition.variable)
    walk(definition.type)
    if let defaultValue = definition.defaultValue { walk(defaultValue) }
    walk(definition.directives)
    leave(definition, { $0.variableDefinition })
  }

  mutating func walk(_ variable: Variable) {
    guard enter(variable, .variable, { $0.variable }) else { return }
    leave(variable, { $0.variable })
  }

  mutating func walk(_ selectionSet: SelectionSet) {
    guard enter(selectionSet, .selectionSet, { $0.selectionSet }) else { return }
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field): walk(field)
      case .fragmentSpread(let spread):
        guard enter(spread, .fragmentSpread, { $0.fragmentSpread }) else { continue }
        walk(spread.directives)
        leave(spread, { $0.fragmentSpread })
      case .inlineFragment(let fragment):
        guard enter(fragment, .inlineFragment, { $0.inlineFragment }) else { continue }
        if let typeCondition = fragment.typeCondition { walk(typeCondition) }
        walk(fragment.directives)
        walk(fragment.selectionSet)
        leave(fragment, { $0.inlineFragment })
      }
    }
    leave(selectionSet, { $0.selectionSet })
  }

  mutating func walk(_ field: Field) {
    guard enter(field, .field, { $0.field }) else { return }
    walk(field.arguments)
    walk(field.directives)
    if let selectionSet = field.selectionSet { walk(selectionSet) }
    leave(field, { $0.field })
  }

  mutating func walk(_ arguments: [Argument]) {
    for argument in arguments {
      guard enter(argument, .argument, { $0.argument }) else { continue }
      walk(argument.value)
      leave(argument, { $0.argument })
    }
  }

  mutating func walk(_ fragment: FragmentDefinition) {
    guard enter(fragment, .fragmentDefinition, { $0.fragmentDefinition }) else { return }
    walk(fragment.typeCondition)
    walk(fragment.directives)
    walk(fragment.selectionSet)
    leave(fragment, { $0.fragmentDefinition })
  }

  mutating func walk(_ value: Value) {
    guard enter(value, .value, { $0.value }) else { return }
    switch value {
    case .variable(let variable): walk(variable)
    case .list(let values, _):
      for element in values { walk(element) }
    case .object(let fields, _):
      for field in fields {
        guard enter(field, .objectField, { $0.objectField }) else { continue }
        walk(field.value)
        leave(field, { $0.objectField })
      }
    default: break
    }
    leave(value, { $0.value })
  }

  mutating func walk(_ directives: [Directive]) {
    for directive in directives {
      guard enter(directive, .directive, { $0.directive }) else { continue }
      walk(directive.arguments)
      leave(directive, { $0.directive })
    }
  }

  mutating func walk(_ type: TypeReference) {
    guard enter(type, .type, { $0.type }) else { return }
    switch type {
    case .named(let named): walk(named)
    case .list(let inner, _), .nonNull(let inner, _): walk(inner)
    }
    leave(type, { $0.type })
  }

  mutating func walk(_ named: NamedType) {
    guard enter(named, .namedType, { $0.namedType }) else { return }
    leave(named, { $0.namedType })
  }
}
