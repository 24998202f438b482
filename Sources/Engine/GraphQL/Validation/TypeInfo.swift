import GraphQLWire

/// What the schema says about the node a walk is at: the enclosing composite type, the field
/// definition and its type, the expected input type of a value, the directive and argument.
///
/// The walk calls the `enter…`/`leave…` methods around each node (as graphql-js's `TypeInfo`);
/// unknown types and fields leave nil entries, so later checks simply find nothing to check.
public struct TypeInfo: Sendable {
  private(set) var schema: GraphQLSchema
  private var index: SchemaValidationIndex
  // Three stacks of frames rather than a stack per fact: one push and one pop per node, and
  // three buffers to allocate per validation instead of seven.
  /// One frame per selection set.
  private var parentStack: [ParentFrame] = []
  /// One frame per operation, fragment and field.
  private var outputStack: [OutputFrame] = []
  /// One frame per input position (variable definition, argument, list item, object field).
  private var inputStack: [InputFrame] = []
  /// The directive being walked, if the schema knows it.
  public private(set) var directive: GraphQLDirective?
  /// Whether the walk is inside a directive (known to the schema or not).
  public private(set) var isInDirective = false
  /// The argument being walked, if its field or directive declares it.
  public private(set) var argument: GraphQLInputValue?

  /// A selection set: the composite type it selects on, and that type's fields (looked up once).
  private struct ParentFrame {
    var type: GraphQLNamedType?
    var fields: SchemaValidationIndex.FieldTable?
  }

  /// An operation, fragment or field: its output type, the named type at its core (resolved
  /// once), and the innermost field around it (a fragment's is its enclosing field's, as
  /// graphql-js keeps its field definitions apart from its types).
  private struct OutputFrame {
    var type: GraphQLTypeReference?
    var named: GraphQLNamedType?
    var field: SchemaValidationIndex.FieldEntry?
  }

  /// An input position: the type expected there and its default value, if it declares one.
  private struct InputFrame {
    var type: GraphQLTypeReference?
    var defaultValue: Value?
  }

  init(schema: GraphQLSchema) {
    self.schema = schema
    self.index = schema.validationIndex
    // Room for the nesting of most documents, so the stacks are allocated once, not grown.
    parentStack.reserveCapacity(8)
    outputStack.reserveCapacity(8)
  }

  /// Starts over at the top of a document of `schema`, keeping the stacks' storage (unless a
  /// deep document grew it large).
  mutating func reset(schema: GraphQLSchema) {
    self.schema = schema
    index = schema.validationIndex
    parentStack.removeAll(keepingCapacity: parentStack.capacity <= 64)
    outputStack.removeAll(keepingCapacity: outputStack.capacity <= 64)
    inputStack.removeAll(keepingCapacity: inputStack.capacity <= 64)
    directive = nil
    isInDirective = false
    argument = nil
  }

  /// The composite type whose selection set is being walked.
  public var parentType: GraphQLNamedType? { parentStack.last?.type }
  /// The output type of the current field, fragment or operation.
  public var type: GraphQLTypeReference? { outputStack.last?.type }
  /// The definition of the current field.
  public var fieldDefinition: GraphQLField? { outputStack.last?.field?.field }
  /// The current field's required arguments (non-null, no default), if it is defined.
  var requiredArguments: [GraphQLInputValue]? { outputStack.last?.field?.requiredArguments }
  /// Whether the current field is defined on its parent type (cheaper than `fieldDefinition`).
  var hasFieldDefinition: Bool { outputStack.last?.field != nil }
  /// The named type at the core of `type`.
  var namedType: GraphQLNamedType? { outputStack.last?.named }
  /// The type expected for the current value.
  public var inputType: GraphQLTypeReference? { inputStack.last?.type }
  /// The type expected for the value enclosing the current one (a list or input object).
  public var parentInputType: GraphQLTypeReference? {
    inputStack.count >= 2 ? inputStack[inputStack.count - 2].type : nil
  }
  /// The default value of the current argument or input field position, if it declares one.
  public var defaultValue: Value? { inputStack.last?.defaultValue }

  // MARK: - Enter and leave

  mutating func enterOperation(_ node: OperationDefinition) {
    let root = schema.rootType(for: node.operation)
    outputStack.append(
      OutputFrame(type: root.map { .named($0.name) }, named: root.map { .object($0) }, field: nil))
  }

  mutating func leaveOperation() { outputStack.removeLast() }

  /// Fragment definitions and inline fragments: the type condition, else the enclosing type.
  mutating func enterFragment(typeCondition: NamedType?) {
    let named = typeCondition.map { schema.typeMap[$0.name.value] } ?? namedType
    let field = outputStack.last?.field
    if let named, named.isOutputType {
      outputStack.append(OutputFrame(type: .named(named.name), named: named, field: field))
    } else {
      outputStack.append(OutputFrame(type: nil, named: nil, field: field))
    }
  }

  mutating func leaveFragment() { outputStack.removeLast() }

  mutating func enterSelectionSet() {
    if let named = namedType, named.isCompositeType {
      parentStack.append(ParentFrame(type: named, fields: index.fieldsByType[named.name]))
    } else {
      parentStack.append(ParentFrame(type: nil, fields: nil))
    }
  }

  mutating func leaveSelectionSet() { parentStack.removeLast() }

  mutating func enterField(_ node: Field) {
    let entry = parentStack.last?.fields?.entry(named: node.name)
    outputStack.append(OutputFrame(type: entry?.outputType, named: entry?.namedOutputType, field: entry))
  }

  mutating func leaveField() { outputStack.removeLast() }

  mutating func enterVariableDefinition(_ node: VariableDefinition) {
    let reference = schema.typeReference(from: node.type)
    inputStack.append(
      InputFrame(type: reference.flatMap { schema.isInputType($0) ? $0 : nil }, defaultValue: nil))
  }

  mutating func leaveVariableDefinition() { inputStack.removeLast() }

  mutating func enterDirective(_ node: Directive) {
    directive = schema.directive(named: node.name.value)
    isInDirective = true
  }

  mutating func leaveDirective() {
    directive = nil
    isInDirective = false
  }

  mutating func enterArgument(_ node: Argument) {
    let name = node.name.value
    if let directive {
      let definition = directive.arguments.first { $0.name == name }
      argument = definition
      inputStack.append(
        InputFrame(
          type: definition.flatMap { schema.isInputType($0.type) ? $0.type : nil },
          defaultValue: definition?.defaultValue))
    } else if let entry = outputStack.last?.field,
      let index = entry.field.arguments.firstIndex(where: { $0.name == name })
    {
      // A field's argument types were checked once, in the schema index.
      let definition = entry.field.arguments[index]
      inputStack.append(
        InputFrame(type: entry.argumentInputTypes[index], defaultValue: definition.defaultValue))
      argument = definition
    } else {
      argument = nil
      inputStack.append(InputFrame(type: nil, defaultValue: nil))
    }
  }

  mutating func leaveArgument() {
    argument = nil
    inputStack.removeLast()
  }

  /// List values: the item type of the expected list type (or the type itself, which input
  /// coercion accepts as a single item).
  mutating func enterList() {
    let listType = inputType?.nullable
    var itemType = listType
    if case .list(let inner)? = listType { itemType = inner }
    inputStack.append(
      InputFrame(type: itemType.flatMap { schema.isInputType($0) ? $0 : nil }, defaultValue: nil))
  }

  mutating func enterObjectField(_ node: ObjectField) {
    var field: GraphQLInputValue?
    if let expected = inputType, case .inputObject(let object)? = schema.namedType(of: expected) {
      field = object.field(node.name.value)
    }
    inputStack.append(
      InputFrame(
        type: field.flatMap { schema.isInputType($0.type) ? $0.type : nil }, defaultValue: field?.defaultValue
      ))
  }

  /// Leaves a list value or an object field.
  mutating func leaveInputPosition() { inputStack.removeLast() }
}
