/// The single walk of a document that drives every rule: keeps the context's `TypeInfo` in step
/// and calls each rule's callbacks, in rule order, at every node (graphql-js's
/// `visitInParallel(visitWithTypeInfo(...))`). Stops as soon as the context aborts.
struct ValidationWalker {
  let context: ValidationContext
  let visitors: [any ValidationVisitor]

  func walk(_ document: Document) {
    for visitor in visitors { visitor.enterDocument(document) }
    for definition in document.definitions {
      if context.isAborted { return }
      switch definition {
      case .operation(let operation): walk(operation)
      case .fragment(let fragment): walk(fragment)
      case .typeSystem, .typeSystemExtension: walkTypeSystem(definition)
      }
    }
    if context.isAborted { return }
    for visitor in visitors { visitor.leaveDocument(document) }
  }

  private func walk(_ operation: OperationDefinition) {
    let location: DirectiveLocation =
      switch operation.operation {
      case .query: .query
      case .mutation: .mutation
      case .subscription: .subscription
      }
    context.typeInfo.enterOperation(operation)
    for visitor in visitors {
      visitor.enterOperation(operation)
      visitor.enterDirectives(operation.directives, location: location)
    }
    for definition in operation.variableDefinitions {
      if context.isAborted { return }
      context.typeInfo.enterVariableDefinition(definition)
      for visitor in visitors {
        visitor.enterVariableDefinition(definition)
        visitor.enterDirectives(definition.directives, location: .variableDefinition)
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
    for visitor in visitors { visitor.leaveOperation(operation) }
    context.typeInfo.leaveOperation()
  }

  private func walk(_ fragment: FragmentDefinition) {
    context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
    for visitor in visitors {
      visitor.enterFragmentDefinition(fragment)
      visitor.enterDirectives(fragment.directives, location: .fragmentDefinition)
    }
    walk(namedType: fragment.typeCondition)
    context.startRecordingUsages()
    walkEach(directives: fragment.directives, location: .fragmentDefinition)
    walk(selectionSet: fragment.selectionSet)
    context.finishRecordingUsages(key: fragment.selectionSet.range?.start)
    if context.isAborted { return }
    for visitor in visitors { visitor.leaveFragmentDefinition(fragment) }
    context.typeInfo.leaveFragment()
  }

  private func walk(selectionSet: SelectionSet) {
    if context.isAborted { return }
    context.typeInfo.enterSelectionSet()
    for visitor in visitors { visitor.enterSelectionSet(selectionSet) }
    for selection in selectionSet.selections {
      if context.isAborted { break }
      switch selection {
      case .field(let field): walk(field: field)
      case .fragmentSpread(let spread):
        for visitor in visitors {
          visitor.enterFragmentSpread(spread)
          visitor.enterDirectives(spread.directives, location: .fragmentSpread)
        }
        walkEach(directives: spread.directives, location: .fragmentSpread)
      case .inlineFragment(let inline):
        context.typeInfo.enterFragment(typeCondition: inline.typeCondition)
        for visitor in visitors {
          visitor.enterInlineFragment(inline)
          visitor.enterDirectives(inline.directives, location: .inlineFragment)
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
    for visitor in visitors {
      visitor.enterField(field)
      visitor.enterDirectives(field.directives, location: .field)
      visitor.enterArguments(field.arguments)
    }
    walk(arguments: field.arguments)
    walkEach(directives: field.directives, location: .field)
    if let selectionSet = field.selectionSet { walk(selectionSet: selectionSet) }
    for visitor in visitors { visitor.leaveField(field) }
    context.typeInfo.leaveField()
  }

  /// Directives of an operation, variable or fragment definition: the owner's enter callbacks
  /// have run already, so the per-location callback runs here.
  func walk(directives: [Directive], location: DirectiveLocation?) {
    for visitor in visitors { visitor.enterDirectives(directives, location: location) }
    walkEach(directives: directives, location: location)
  }

  func walkEach(directives: [Directive], location: DirectiveLocation?) {
    for directive in directives {
      if context.isAborted { return }
      context.typeInfo.enterDirective(directive)
      for visitor in visitors {
        visitor.enterDirective(directive, location: location)
        visitor.enterArguments(directive.arguments)
      }
      walk(arguments: directive.arguments)
      for visitor in visitors { visitor.leaveDirective(directive) }
      context.typeInfo.leaveDirective()
    }
  }

  func walk(arguments: [Argument]) {
    for argument in arguments {
      if context.isAborted { return }
      context.typeInfo.enterArgument(argument)
      for visitor in visitors { visitor.enterArgument(argument) }
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
      for visitor in visitors { visitor.enterValue(value) }
      for item in items { walk(value: item) }
      for visitor in visitors { visitor.leaveValue(value) }
      context.typeInfo.leaveInputPosition()
    case .object(let fields, _):
      for visitor in visitors { visitor.enterValue(value) }
      for field in fields {
        context.typeInfo.enterObjectField(field)
        for visitor in visitors { visitor.enterObjectField(field) }
        walk(value: field.value)
        context.typeInfo.leaveInputPosition()
      }
      for visitor in visitors { visitor.leaveValue(value) }
    default:
      if case .variable(let variable) = value, context.recordedUsages != nil {
        context.recordedUsages?.append(
          VariableUsage(
            node: variable, type: context.typeInfo.inputType, defaultValue: context.typeInfo.defaultValue,
            parentType: context.typeInfo.parentInputType))
      }
      for visitor in visitors {
        visitor.enterValue(value)
        visitor.leaveValue(value)
      }
    }
  }

  func walk(type: TypeReference) {
    walk(namedType: type.namedType)
  }

  func walk(namedType: NamedType) {
    for visitor in visitors { visitor.enterNamedType(namedType) }
  }
}
