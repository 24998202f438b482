import GraphQLWire

/// What the schema says about the node a walk is at: the enclosing composite type, the field
/// definition and its type, the expected input type of a value, the directive and argument.
///
/// The walk calls the `enter…`/`leave…` methods around each node (as graphql-js's `TypeInfo`);
/// unknown types and fields leave nil entries, so later checks simply find nothing to check.
public struct TypeInfo: Sendable {
  let schema: GraphQLSchema
  private let index: SchemaValidationIndex
  private var parentTypeStack: [GraphQLNamedType?] = []
  /// The fields of each `parentTypeStack` entry, looked up once per selection set.
  private var parentFieldsStack: [SchemaValidationIndex.FieldTable?] = []
  private var typeStack: [GraphQLTypeReference?] = []
  /// The named type at the core of each `typeStack` entry, resolved once.
  private var namedTypeStack: [GraphQLNamedType?] = []
  private var fieldStack: [SchemaValidationIndex.FieldEntry?] = []
  private var inputTypeStack: [GraphQLTypeReference?] = []
  /// Per input position: whether it has a default value (`Argument` and `ObjectField` positions).
  private var defaultValueStack: [Value?] = []
  /// The directive being walked, if the schema knows it.
  public private(set) var directive: GraphQLDirective?
  /// Whether the walk is inside a directive (known to the schema or not).
  public private(set) var isInDirective = false
  /// The argument being walked, if its field or directive declares it.
  public private(set) var argument: GraphQLInputValue?

  init(schema: GraphQLSchema) {
    self.schema = schema
    self.index = schema.validationIndex
    // Room for the nesting of most documents, so the stacks are allocated once, not grown.
    let capacity = 8
    parentTypeStack.reserveCapacity(capacity)
    parentFieldsStack.reserveCapacity(capacity)
    typeStack.reserveCapacity(capacity)
    namedTypeStack.reserveCapacity(capacity)
    fieldStack.reserveCapacity(capacity)
  }

  /// The composite type whose selection set is being walked.
  public var parentType: GraphQLNamedType? { parentTypeStack.last ?? nil }
  /// The output type of the current field, fragment or operation.
  public var type: GraphQLTypeReference? { typeStack.last ?? nil }
  /// The definition of the current field.
  public var fieldDefinition: GraphQLField? { (fieldStack.last ?? nil)?.field }
  /// The current field's required arguments (non-null, no default), if it is defined.
  var requiredArguments: [GraphQLInputValue]? { (fieldStack.last ?? nil)?.requiredArguments }
  /// Whether the current field is defined on its parent type (cheaper than `fieldDefinition`).
  var hasFieldDefinition: Bool { (fieldStack.last ?? nil) != nil }
  /// The named type at the core of `type`.
  var namedType: GraphQLNamedType? { namedTypeStack.last ?? nil }
  /// The type expected for the current value.
  public var inputType: GraphQLTypeReference? { inputTypeStack.last ?? nil }
  /// The type expected for the value enclosing the current one (a list or input object).
  public var parentInputType: GraphQLTypeReference? {
    inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
  }
  /// The default value of the current argument or input field position, if it declares one.
  public var defaultValue: Value? { defaultValueStack.last ?? nil }

  // MARK: - Enter and leave

  mutating func enterOperation(_ node: OperationDefinition) {
    let root = schema.rootType(for: node.operation)
    typeStack.append(root.map { .named($0.name) })
    namedTypeStack.append(root.map { .object($0) })
  }

  mutating func leaveOperation() {
    typeStack.removeLast()
    namedTypeStack.removeLast()
  }

  /// Fragment definitions and inline fragments: the type condition, else the enclosing type.
  mutating func enterFragment(typeCondition: NamedType?) {
    let named = typeCondition.map { schema.typeMap[$0.name.value] } ?? namedType
    if let named, named.isOutputType {
      typeStack.append(.named(named.name))
      namedTypeStack.append(named)
    } else {
      typeStack.append(nil)
      namedTypeStack.append(nil)
    }
  }

  mutating func leaveFragment() {
    typeStack.removeLast()
    namedTypeStack.removeLast()
  }

  mutating func enterSelectionSet() {
    if let named = namedType, named.isCompositeType {
      parentTypeStack.append(named)
      parentFieldsStack.append(index.fieldsByType[named.name])
    } else {
      parentTypeStack.append(nil)
      parentFieldsStack.append(nil)
    }
  }

  mutating func leaveSelectionSet() {
    parentTypeStack.removeLast()
    parentFieldsStack.removeLast()
  }

  mutating func enterField(_ node: Field) {
    let entry = (parentFieldsStack.last ?? nil)?.entry(named: node.name)
    fieldStack.append(entry)
    typeStack.append(entry?.outputType)
    namedTypeStack.append(entry?.namedOutputType)
  }

  mutating func leaveField() {
    fieldStack.removeLast()
    typeStack.removeLast()
    namedTypeStack.removeLast()
  }

  mutating func enterVariableDefinition(_ node: VariableDefinition) {
    let reference = schema.typeReference(from: node.type)
    inputTypeStack.append(reference.flatMap { schema.isInputType($0) ? $0 : nil })
  }

  mutating func leaveVariableDefinition() { inputTypeStack.removeLast() }

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
      defaultValueStack.append(definition?.defaultValue)
      inputTypeStack.append(definition.flatMap { schema.isInputType($0.type) ? $0.type : nil })
    } else if let entry = fieldStack.last ?? nil,
      let index = entry.field.arguments.firstIndex(where: { $0.name == name })
    {
      // A field's argument types were checked once, in the schema index.
      let definition = entry.field.arguments[index]
      defaultValueStack.append(definition.defaultValue)
      inputTypeStack.append(entry.argumentInputTypes[index])
      argument = definition
    } else {
      argument = nil
      defaultValueStack.append(nil)
      inputTypeStack.append(nil)
    }
  }

  mutating func leaveArgument() {
    argument = nil
    defaultValueStack.removeLast()
    inputTypeStack.removeLast()
  }

  /// List values: the item type of the expected list type (or the type itself, which input
  /// coercion accepts as a single item).
  mutating func enterList() {
    let listType = inputType?.nullable
    var itemType = listType
    if case .list(let inner)? = listType { itemType = inner }
    defaultValueStack.append(nil)
    inputTypeStack.append(itemType.flatMap { schema.isInputType($0) ? $0 : nil })
  }

  mutating func enterObjectField(_ node: ObjectField) {
    var field: GraphQLInputValue?
    if let expected = inputType, case .inputObject(let object)? = schema.namedType(of: expected) {
      field = object.field(node.name.value)
    }
    defaultValueStack.append(field?.defaultValue)
    inputTypeStack.append(field.flatMap { schema.isInputType($0.type) ? $0.type : nil })
  }

  /// Leaves a list value or an object field.
  mutating func leaveInputPosition() {
    defaultValueStack.removeLast()
    inputTypeStack.removeLast()
  }
}
