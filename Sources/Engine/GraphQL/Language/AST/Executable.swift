// Each node's public initializer is declared in an extension, so that the node keeps the
// memberwise initializer the parser uses; `packedRange` stores `range` (see `PackedSourceRange`).

/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable, CaseIterable {
  case query, mutation, subscription
}

/// OperationDefinition: `OperationType Name? VariableDefinitions? Directives? SelectionSet`, or a
/// bare `SelectionSet` (a query shorthand, with `isShorthand` set).
public struct OperationDefinition: Hashable, Sendable {
  /// The description written before it (spec September 2025; graphql-js 16.12), if any.
  public var description: StringLiteral? = nil
  public var operation: OperationType
  public var name: Name?
  public var variableDefinitions: [VariableDefinition]
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension OperationDefinition {
  public init(
    operation: OperationType, name: Name? = nil, variableDefinitions: [VariableDefinition] = [],
    directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange? = nil
  ) {
    self.operation = operation
    self.name = name
    self.variableDefinitions = variableDefinitions
    self.directives = directives
    self.selectionSet = selectionSet
    self.packedRange = PackedSourceRange(range)
  }
}

/// VariableDefinition: `Variable : Type DefaultValue? Directives?`.
public struct VariableDefinition: Hashable, Sendable {
  /// The description written before it (spec September 2025; graphql-js 16.12), if any.
  public var description: StringLiteral? = nil
  public var variable: Variable
  public var type: TypeReference
  public var defaultValue: Value?
  public var directives: [Directive]
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension VariableDefinition {
  public init(
    variable: Variable, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [],
    range: SourceRange? = nil
  ) {
    self.variable = variable
    self.type = type
    self.defaultValue = defaultValue
    self.directives = directives
    self.packedRange = PackedSourceRange(range)
  }
}

/// Variable: `$Name`.
public struct Variable: Hashable, Sendable {
  public var name: Name
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension Variable {
  public init(name: Name, range: SourceRange? = nil) {
    self.name = name
    self.packedRange = PackedSourceRange(range)
  }
}

/// SelectionSet: `{ Selection+ }`.
public struct SelectionSet: Hashable, Sendable {
  public var selections: [Selection]
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension SelectionSet {
  public init(selections: [Selection], range: SourceRange? = nil) {
    self.selections = selections
    self.packedRange = PackedSourceRange(range)
  }
}

/// Selection: a field, a fragment spread or an inline fragment.
public enum Selection: Hashable, Sendable {
  case field(Field)
  case fragmentSpread(FragmentSpread)
  case inlineFragment(InlineFragment)

  public var range: SourceRange? {
    switch self {
    case .field(let node): node.range
    case .fragmentSpread(let node): node.range
    case .inlineFragment(let node): node.range
    }
  }

  public var directives: [Directive] {
    switch self {
    case .field(let node): node.directives
    case .fragmentSpread(let node): node.directives
    case .inlineFragment(let node): node.directives
    }
  }
}

/// Field: `Alias? Name Arguments? Directives? SelectionSet?`.
public struct Field: Hashable, Sendable {
  public var alias: Name?
  public var name: Name
  public var arguments: [Argument]
  public var directives: [Directive]
  public var selectionSet: SelectionSet?
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange

  /// The key this field has in the response: its alias, or else its name.
  public var responseKey: String { alias?.value ?? name.value }
}

extension Field {
  public init(
    alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
    selectionSet: SelectionSet? = nil, range: SourceRange? = nil
  ) {
    self.alias = alias
    self.name = name
    self.arguments = arguments
    self.directives = directives
    self.selectionSet = selectionSet
    self.packedRange = PackedSourceRange(range)
  }
}

/// Argument: `Name : Value` (also used for directive arguments).
public struct Argument: Hashable, Sendable {
  public var name: Name
  public var value: Value
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension Argument {
  public init(name: Name, value: Value, range: SourceRange? = nil) {
    self.name = name
    self.value = value
    self.packedRange = PackedSourceRange(range)
  }
}

/// FragmentSpread: `... FragmentName Directives?`.
public struct FragmentSpread: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension FragmentSpread {
  public init(name: Name, directives: [Directive] = [], range: SourceRange? = nil) {
    self.name = name
    self.directives = directives
    self.packedRange = PackedSourceRange(range)
  }
}

/// InlineFragment: `... TypeCondition? Directives? SelectionSet`.
public struct InlineFragment: Hashable, Sendable {
  public var typeCondition: NamedType?
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension InlineFragment {
  public init(
    typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
    range: SourceRange? = nil
  ) {
    self.typeCondition = typeCondition
    self.directives = directives
    self.selectionSet = selectionSet
    self.packedRange = PackedSourceRange(range)
  }
}

/// FragmentDefinition: `fragment FragmentName TypeCondition Directives? SelectionSet`.
public struct FragmentDefinition: Hashable, Sendable {
  /// The description written before it (spec September 2025; graphql-js 16.12), if any.
  public var description: StringLiteral? = nil
  public var name: Name
  public var typeCondition: NamedType
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension FragmentDefinition {
  public init(
    name: Name, typeCondition: NamedType, directives: [Directive] = [], selectionSet: SelectionSet,
    range: SourceRange? = nil
  ) {
    self.name = name
    self.typeCondition = typeCondition
    self.directives = directives
    self.selectionSet = selectionSet
    self.packedRange = PackedSourceRange(range)
  }
}

/// Directive: `@ Name Arguments?`.
public struct Directive: Hashable, Sendable {
  public var name: Name
  public var arguments: [Argument]
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension Directive {
  public init(name: Name, arguments: [Argument] = [], range: SourceRange? = nil) {
    self.name = name
    self.arguments = arguments
    self.packedRange = PackedSourceRange(range)
  }
}
