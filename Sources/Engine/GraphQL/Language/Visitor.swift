/// What a visitor's `enter` hook tells the walk to do next.
public enum VisitAction: Sendable {
  /// Visit the node's children, then call `leave`.
  case `continue`
  /// Do not visit the node's children, and do not call `leave` for it.
  case skip
  /// Stop this visitor for the rest of the walk.
  case stop
}

/// The kind of a node the walk is inside of, for hooks that depend on where a node is (such as
/// the location of a directive).
public enum ASTNodeKind: Hashable, Sendable {
  case document
  case operationDefinition(OperationType)
  case variableDefinition, variable, selectionSet, field, argument, fragmentSpread, inlineFragment
  case fragmentDefinition, value, objectField, directive, type, namedType
  case schemaDefinition, schemaExtension, rootOperationTypeDefinition
  case scalarTypeDefinition, objectTypeDefinition, interfaceTypeDefinition, unionTypeDefinition
  case enumTypeDefinition, inputObjectTypeDefinition
  case scalarTypeExtension, objectTypeExtension, interfaceTypeExtension, unionTypeExtension
  case enumTypeExtension, inputObjectTypeExtension
  case fieldDefinition, inputValueDefinition, enumValueDefinition, directiveDefinition
}

/// Where a visited node is: the kinds of the nodes enclosing it, outermost first.
public struct VisitContext: Sendable {
  /// The enclosing nodes' kinds; `ancestors.last` is the parent.
  public let ancestors: [ASTNodeKind]

  /// The kind of the node directly enclosing the visited one (nil for the document).
  public var parent: ASTNodeKind? { ancestors.last }
}

/// The two hooks for one node kind: `enter` before the node's children, `leave` after them.
public struct VisitHooks<Node> {
  /// Called before the children; its result can skip them or stop the visitor.
  public var enter: ((Node, VisitContext) -> VisitAction)?
  /// Called after the children (not for a node whose `enter` returned `.skip`).
  public var leave: ((Node, VisitContext) -> Void)?

  public init(
    enter: ((Node, VisitContext) -> VisitAction)? = nil, leave: ((Node, VisitContext) -> Void)? = nil
  ) {
    self.enter = enter
    self.leave = leave
  }
}

/// Hooks to call while walking an AST depth-first in source order (graphql-js's `visit`, with one
/// pair of hooks per node kind). Set only the hooks you need; the others cost one nil check.
///
/// For example, collecting every field name:
///
///     var names: [String] = []
///     var visitor = ASTVisitor()
///     visitor.field.enter = { field, _ in names.append(field.name.value); return .continue }
///     visit(document, visitor)
///
/// `Variable` nodes are visited both inside variable definitions and as values; `Value` hooks see
/// every value, including variables. `TypeReference` hooks see every named, list and non-null
/// type, and `NamedType` hooks every named type (type conditions, interfaces and union members
/// too). Names and descriptions are not visited on their own.
public struct ASTVisitor {
  public var document = VisitHooks<Document>()
  public var operationDefinition = VisitHooks<OperationDefinition>()
  public var variableDefinition = VisitHooks<VariableDefinition>()
  public var variable = VisitHooks<Variable>()
  public var selectionSet = VisitHooks<SelectionSet>()
  public var field = VisitHooks<Field>()
  public var argument = VisitHooks<Argument>()
  public var fragmentSpread = VisitHooks<FragmentSpread>()
  public var inlineFragment = VisitHooks<InlineFragment>()
  public var fragmentDefinition = VisitHooks<FragmentDefinition>()
  public var value = VisitHooks<Value>()
  public var objectField = VisitHooks<ObjectField>()
  public var directive = VisitHooks<Directive>()
  public var type = VisitHooks<TypeReference>()
  public var namedType = VisitHooks<NamedType>()
  public var schemaDefinition = VisitHooks<SchemaDefinition>()
  public var schemaExtension = VisitHooks<SchemaExtension>()
  public var rootOperationTypeDefinition = VisitHooks<RootOperationTypeDefinition>()
  /// Every type definition (scalar, object, interface, union, enum, input object).
  public var typeDefinition = VisitHooks<TypeDefinition>()
  /// Every type extension (not schema extensions, which have their own hooks).
  public var typeExtension = VisitHooks<TypeSystemExtension>()
  public var fieldDefinition = VisitHooks<FieldDefinition>()
  public var inputValueDefinition = VisitHooks<InputValueDefinition>()
  public var enumValueDefinition = VisitHooks<EnumValueDefinition>()
  public var directiveDefinition = VisitHooks<DirectiveDefinition>()

  /// A visitor with no hooks; set the ones you need.
  public init() {}
}

/// Walks `document` depth-first in source order, calling `visitor`'s hooks.
public func visit(_ document: Document, _ visitor: ASTVisitor) {
  var walker = ASTWalker(visitors: [visitor])
  walker.walk(document)
}

/// Walks `document` once, calling every visitor's hooks in order at each node, as graphql-js's
/// `visitInParallel`: a visitor that skips a node or stops is left out for that subtree (or for
/// the rest of the walk) while the others go on. Validation runs all its rules this way.
public func visit(_ document: Document, inParallel visitors: [ASTVisitor]) {
  var walker = ASTWalker(visitors: visitors)
  walker.walk(document)
}

/// Walks one definition (such as a fragment on its own) with `visitor`'s hooks.
public func visit(_ definition: Definition, inParallel visitors: [ASTVisitor]) {
  var walker = ASTWalker(visitors: visitors)
  walker.walk(definition)
}

/// Walks one selection set with the visitors' hooks.
public func visit(_ selectionSet: SelectionSet, inParallel visitors: [ASTVisitor]) {
  var walker = ASTWalker(visitors: visitors)
  walker.walk(selectionSet)
}
