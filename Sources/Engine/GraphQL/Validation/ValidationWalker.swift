/// The single walk of a document that drives every rule: keeps the context's `TypeInfo` in step
/// and calls the rules' callbacks, in rule order, at every node (graphql-js's
/// `visitInParallel(visitWithTypeInfo(...))`), each rule only at the kinds of node it acts at
/// (`ValidationDispatchTable`). Stops as soon as the context aborts.
struct ValidationWalker {
  let context: ValidationContext
  let visitors: ValidationDispatchTable

  func walk(_ document: Document) {
    visitors.each(.enterDocument) { $0.enterDocument(document) }
    for definition in document.definitions {
      if context.isAborted { return }
      switch definition {
      case .operation(let operation): walk(operation)
      case .fragment(let fragment): walk(fragment)
      case .typeSystem, .typeSystemExtension: walkTypeSystem(definition)
      }
    }
    if context.isAborted { return }
    visitors.each(.leaveDocument) { $0.leaveDocument(document) }
  }

  private func walk(_ operation: OperationDefinition) {
    let location: DirectiveLocation =
      switch operation.operation {
      case .query: .query
      case .mutation: .mutation
      case .subscription: .subscription
      }
    context.typeInfo.enterOperation(operation)
    visitors.each(.enterOperation) {
      $0.enterOperation(operation)
      $0.enterDirectives(operation.directives, location: location)
    }
    for definition in operation.variableDefinitions {
      if context.isAborted { return }
      context.typeInfo.enterVariableDefinition(definition)
      visitors.each(.variableDefinition) {
        $0.enterVariableDefinition(definition)
        $0.enterDirectives(definition.directives, location: .variableDefinition)
      }
      walk(type: definition.type)
      if let value = definition.defaultValue { walk(value: value) }
      walkEach(directives: definition.directives, location: .variableDefinition)
      context.typeInfo.leaveVariableDefinition()
    }
    context.startRecordingUsages()
    walkEach(directives: operation.directives, location: location)
    walk(selectionSet: operation.selectionSet)
    context.finishRecordingUsages(key: operation.selectionSet.range?.start)
    if context.isAborted { return }
    visitors.each(.leaveOperation) { $0.leaveOperation(operation) }
    context.typeInfo.leaveOperation()
  }

  private func walk(_ fragment: FragmentDefinition) {
    context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
    visitors.each(.enterFragmentDefinition) {
      $0.enterFragmentDefinition(fragment)
      $0.enterDirectives(fragment.directives, location: .fragmentDefinition)
    }
    walk(namedType: fragment.typeCondition)
    context.startRecordingUsages()
    walkEach(directives: fragment.directives, location: .fragmentDefinition)
    walk(selectionSet: fragment.selectionSet)
    context.finishRecordingUsages(key: fragment.selectionSet.range?.start)
    if context.isAborted { return }
    visitors.each(.leaveFragmentDefinition) { $0.leaveFragmentDefinition(fragment) }
    context.typeInfo.leaveFragment()
  }

  private func walk(selectionSet: SelectionSet) {
    if context.isAborted { return }
    context.typeInfo.enterSelectionSet()
    visitors.each(.selectionSet) { $0.enterSelectionSet(selectionSet) }
    for selection in selectionSet.selections {
      if context.isAborted { break }
      switch selection {
      case .field(let field): walk(field: field)
      case .fragmentSpread(let spread):
        visitors.each(.fragmentSpread) {
          $0.enterFragmentSpread(spread)
          $0.enterDirectives(spread.directives, location: .fragmentSpread)
        }
        walkEach(directives: spread.directives, location: .fragmentSpread)
      case .inlineFragment(let inline):
        context.typeInfo.enterFragment(typeCondition: inline.typeCondition)
        visitors.each(.inlineFragment) {
          $0.enterInlineFragment(inline)
          $0.enterDirectives(inline.directives, location: .inlineFragment)
        }
        if let condition = inline.typeCondition { walk(namedType: condition) }
        walkEach(directives: inline.directives, location: .inlineFragment)
        walk(selectionSet: inline.selectionSet)
        context.typeInfo.leaveFragment()
      }
    }
    context.typeInfo.leaveSelectionSet()
  }

  private func walk(field: Field) {
    context.typeInfo.enterField(field)
    visitors.each(.enterField) {
      $0.enterField(field)
      $0.enterDirectives(field.directives, location: .field)
      $0.enterArguments(field.arguments)
    }
    walk(arguments: field.arguments)
    walkEach(directives: field.directives, location: .field)
    if let selectionSet = field.selectionSet { walk(selectionSet: selectionSet) }
    visitors.each(.leaveField) { $0.leaveField(field) }
    context.typeInfo.leaveField()
  }

  /// Directives of an operation, variable or fragment definition: the owner's enter callbacks
  /// have run already, so the per-location callback runs here.
  func walk(directives: [Directive], location: DirectiveLocation?) {
    visitors.each(.directives) { $0.enterDirectives(directives, location: location) }
    walkEach(directives: directives, location: location)
  }

  func walkEach(directives: [Directive], location: DirectiveLocation?) {
    for directive in directives {
      if context.isAborted { return }
      context.typeInfo.enterDirective(directive)
      visitors.each(.enterDirective) {
        $0.enterDirective(directive, location: location)
        $0.enterArguments(directive.arguments)
      }
      walk(arguments: directive.arguments)
      visitors.each(.leaveDirective) { $0.leaveDirective(directive) }
      context.typeInfo.leaveDirective()
    }
  }

  func walk(arguments: [Argument]) {
    for argument in arguments {
      if context.isAborted { return }
      context.typeInfo.enterArgument(argument)
      visitors.each(.argument) { $0.enterArgument(argument) }
      walk(value: argument.value)
      context.typeInfo.leaveArgument()
    }
  }

  /// Values: as graphql-js's `TypeInfo`, a list's item type is pushed before the rules see the
  /// list (so `parentInputType` is the list type) and popped after they leave it.
  func walk(value: Value) {
    if context.isAborted { return }
    switch value {
    case .list(let items, _):
      context.typeInfo.enterList()
      visitors.each(.enterValue) { $0.enterValue(value) }
      for item in items { walk(value: item) }
      visitors.each(.leaveValue) { $0.leaveValue(value) }
      context.typeInfo.leaveInputPosition()
    case .object(let fields, _):
      visitors.each(.enterValue) { $0.enterValue(value) }
      for field in fields {
        context.typeInfo.enterObjectField(field)
        visitors.each(.objectField) { $0.enterObjectField(field) }
        walk(value: field.value)
        context.typeInfo.leaveInputPosition()
      }
      visitors.each(.leaveValue) { $0.leaveValue(value) }
    default:
      if case .variable(let variable) = value, context.recordedUsages != nil {
        context.recordedUsages?.append(
          VariableUsage(
            node: variable, type: context.typeInfo.inputType, defaultValue: context.typeInfo.defaultValue,
            parentType: context.typeInfo.parentInputType))
      }
      visitors.each(.scalarValue) {
        $0.enterValue(value)
        $0.leaveValue(value)
      }
    }
  }

  func walk(type: TypeReference) {
    walk(namedType: type.namedType)
  }

  func walk(namedType: NamedType) {
    visitors.each(.namedType) { $0.enterNamedType(namedType) }
  }
}
