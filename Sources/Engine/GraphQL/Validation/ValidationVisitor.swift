/// The callbacks one validation rule receives during the single walk of a document.
///
/// The walk visits nodes in graphql-js's order (operation: variable definitions, directives,
/// selection set; field: arguments, directives, selection set; ...) and calls `enter` before a
/// node's children and `leave` after them. `ValidationContext`'s type information (parent type,
/// field definition, input type, ...) already describes the node when `enter` runs.
///
/// Implementation requirements: a rule is a class (it keeps its state between callbacks), used by
/// one walk on one thread; implement only the callbacks it needs (all have empty defaults), and
/// name them in `callbacks` (default: all), since the walk calls a visitor only at the kinds of
/// node it names there. Rules report problems with `ValidationContext.report(_:nodes:)` and never
/// throw.
public protocol ValidationVisitor: AnyObject {
  /// The callbacks this visitor implements; the walk calls no others.
  var callbacks: ValidationCallbacks { get }
  /// Before the first definition.
  func enterDocument(_ node: Document)
  /// After the last definition (not called when validation aborted).
  func leaveDocument(_ node: Document)
  /// An operation, before its variable definitions.
  func enterOperation(_ node: OperationDefinition)
  /// After an operation's selection set.
  func leaveOperation(_ node: OperationDefinition)
  /// A variable definition, before its type and default value.
  func enterVariableDefinition(_ node: VariableDefinition)
  /// A fragment definition, before its type condition.
  func enterFragmentDefinition(_ node: FragmentDefinition)
  /// After a fragment definition's selection set.
  func leaveFragmentDefinition(_ node: FragmentDefinition)
  /// A selection set; `parentType` is the type it selects on.
  func enterSelectionSet(_ node: SelectionSet)
  /// A field, before its arguments; `fieldDefinition` and `type` describe it.
  func enterField(_ node: Field)
  /// After a field's selection set.
  func leaveField(_ node: Field)
  /// A named fragment spread.
  func enterFragmentSpread(_ node: FragmentSpread)
  /// An inline fragment; `type` is its type condition (or the enclosing type).
  func enterInlineFragment(_ node: InlineFragment)
  /// A directive, with the location it is applied to (nil where no location applies).
  func enterDirective(_ node: Directive, location: DirectiveLocation?)
  /// After a directive's arguments.
  func leaveDirective(_ node: Directive)
  /// The directives of one node, all at once (for per-location checks).
  func enterDirectives(_ nodes: [Directive], location: DirectiveLocation?)
  /// The arguments of a field or directive, all at once.
  func enterArguments(_ nodes: [Argument])
  /// One argument; `argument` and `inputType` describe it.
  func enterArgument(_ node: Argument)
  /// A value anywhere in the document, including inside lists and input objects.
  func enterValue(_ node: Value)
  /// After a value's items or fields.
  func leaveValue(_ node: Value)
  /// A field of an input object literal; `inputType` is the field's type if declared.
  func enterObjectField(_ node: ObjectField)
  /// A named type reference: in a variable definition or a type condition.
  func enterNamedType(_ node: NamedType)
}

extension ValidationVisitor {
  public var callbacks: ValidationCallbacks { .all }
  public func enterDocument(_ node: Document) {}
  public func leaveDocument(_ node: Document) {}
  public func enterOperation(_ node: OperationDefinition) {}
  public func leaveOperation(_ node: OperationDefinition) {}
  public func enterVariableDefinition(_ node: VariableDefinition) {}
  public func enterFragmentDefinition(_ node: FragmentDefinition) {}
  public func leaveFragmentDefinition(_ node: FragmentDefinition) {}
  public func enterSelectionSet(_ node: SelectionSet) {}
  public func enterField(_ node: Field) {}
  public func leaveField(_ node: Field) {}
  public func enterFragmentSpread(_ node: FragmentSpread) {}
  public func enterInlineFragment(_ node: InlineFragment) {}
  public func enterDirective(_ node: Directive, location: DirectiveLocation?) {}
  public func leaveDirective(_ node: Directive) {}
  public func enterDirectives(_ nodes: [Directive], location: DirectiveLocation?) {}
  public func enterArguments(_ nodes: [Argument]) {}
  public func enterArgument(_ node: Argument) {}
  public func enterValue(_ node: Value) {}
  public func leaveValue(_ node: Value) {}
  public func enterObjectField(_ node: ObjectField) {}
  public func enterNamedType(_ node: NamedType) {}
}

/// A validation rule: a name (graphql-js's, such as `NoUnusedVariablesRule`) and a factory that
/// makes a fresh visitor for one validation.
public struct ValidationRule: Sendable {
  /// graphql-js's name for the rule.
  public let name: String
  /// Makes the rule's visitor for one walk.
  public let makeVisitor: @Sendable (ValidationContext) -> any ValidationVisitor
  /// The callbacks the rule's visitors implement, when known without making one (the built-in
  /// rules): then the walk plans its dispatch once per list of rules and makes the visitor only
  /// when the document has a node the rule acts at.
  let callbacks: ValidationCallbacks?
  /// Set for a built-in rule whose visitor keeps no state of its own: its visitor's class, so
  /// that a kept visitor is used again only for the same rule.
  var reuseKey: ObjectIdentifier?

  public init(name: String, makeVisitor: @escaping @Sendable (ValidationContext) -> any ValidationVisitor) {
    self.name = name
    self.makeVisitor = makeVisitor
    self.callbacks = nil
  }

  /// A rule whose visitors implement `callbacks` (and no others).
  init(
    name: String, callbacks: ValidationCallbacks,
    makeVisitor: @escaping @Sendable (ValidationContext) -> any ValidationVisitor
  ) {
    self.name = name
    self.makeVisitor = makeVisitor
    self.callbacks = callbacks
  }
}
