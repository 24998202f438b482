import GraphQLWire

/// A variable used in a value position, with what that position expects.
public struct VariableUsage: Sendable {
  /// The `$name` node.
  public var node: Variable
  /// The input type expected where the variable is used (nil if unknown).
  public var type: GraphQLTypeReference?
  /// The default value of the argument or input field it is used for, if declared.
  public var defaultValue: Value?
  /// The input type around that position: the input object whose field it fills, or the list
  /// it is an item of (graphql-js 16.11 `parentType`, for the OneOf rule).
  public var parentType: GraphQLTypeReference? = nil
}

/// Walks one operation or fragment body with its own `TypeInfo` and records every variable use.
struct VariableUsageCollector {
  var typeInfo: TypeInfo
  var usages: [VariableUsage] = []

  mutating func collect(selectionSet: SelectionSet) {
    typeInfo.enterSelectionSet()
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        typeInfo.enterField(field)
        collect(arguments: field.arguments)
        collect(directives: field.directives)
        if let sub = field.selectionSet { collect(selectionSet: sub) }
        typeInfo.leaveField()
      case .fragmentSpread(let spread):
        collect(directives: spread.directives)
      case .inlineFragment(let inline):
        typeInfo.enterFragment(typeCondition: inline.typeCondition)
        collect(directives: inline.directives)
        collect(selectionSet: inline.selectionSet)
        typeInfo.leaveFragment()
      }
    }
    typeInfo.leaveSelectionSet()
  }

  mutating func collect(directives: [Directive]) {
    for directive in directives {
      typeInfo.enterDirective(directive)
      collect(arguments: directive.arguments)
      typeInfo.leaveDirective()
    }
  }

  private mutating func collect(arguments: [Argument]) {
    for argument in arguments {
      typeInfo.enterArgument(argument)
      collect(value: argument.value)
      typeInfo.leaveArgument()
    }
  }

  private mutating func collect(value: Value) {
    switch value {
    case .variable(let variable):
      usages.append(
        VariableUsage(
          node: variable, type: typeInfo.inputType, defaultValue: typeInfo.defaultValue,
          parentType: typeInfo.parentInputType))
    case .list(let items, _):
      typeInfo.enterList()
      for item in items { collect(value: item) }
      typeInfo.leaveInputPosition()
    case .object(let fields, _):
      for field in fields {
        typeInfo.enterObjectField(field)
        collect(value: field.value)
        typeInfo.leaveInputPosition()
      }
    default:
      break
    }
  }
}

/// Walks one operation or fragment body for its `$name` nodes only, in `VariableUsageCollector`'s
/// order, without type information: what the rules that need only the names (NoUndefinedVariables,
/// NoUnusedVariables) read, at a fraction of the typed walk's cost.
struct VariableNodeCollector {
  var nodes: [Variable] = []

  mutating func collect(selectionSet: SelectionSet) {
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        collect(arguments: field.arguments)
        collect(directives: field.directives)
        if let sub = field.selectionSet { collect(selectionSet: sub) }
      case .fragmentSpread(let spread):
        collect(directives: spread.directives)
      case .inlineFragment(let inline):
        collect(directives: inline.directives)
        collect(selectionSet: inline.selectionSet)
      }
    }
  }

  mutating func collect(directives: [Directive]) {
    for directive in directives { collect(arguments: directive.arguments) }
  }

  private mutating func collect(arguments: [Argument]) {
    for argument in arguments { collect(value: argument.value) }
  }

  private mutating func collect(value: Value) {
    switch value {
    case .variable(let variable): nodes.append(variable)
    case .list(let items, _): for item in items { collect(value: item) }
    case .object(let fields, _): for field in fields { collect(value: field.value) }
    default: break
    }
  }
}

/// Variable names to test membership in: the names as the AST stores them, compared in place while
/// few (an operation's handful of variables), hashed once many.
struct VariableNameSet {
  private var small: [NameText] = []
  private var large: Set<NameText>?

  init(_ names: some Sequence<Name>) {
    small = names.map(\.text)
    if small.count > 16 { large = Set(small) }
  }

  func contains(_ name: Name) -> Bool {
    if let large { return large.contains(name.text) }
    return small.contains(name.text)
  }
}
