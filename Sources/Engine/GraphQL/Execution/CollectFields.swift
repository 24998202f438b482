import GraphQLWire

extension ExecutionContext {
  /// The field plans of the operation's root selection set: from the resolvers' memo when this
  /// document ran against them before, else planned now (and memoized when no variable
  /// `@skip`/`@include` reaches the root selection).
  func rootPlans(rootType: GraphQLObjectType) -> [FieldPlan] {
    guard let key = OperationKey(documentIdentity, source, operation) else {
      return planFields(objectType: rootType, selectionSets: [operation.selectionSet]).plans
    }
    if let plans = resolvers.plans.lookup(key) { return plans }
    let (plans, usesVariables) = planFields(objectType: rootType, selectionSets: [operation.selectionSet])
    if !usesVariables { resolvers.plans.store(plans, document: documentIdentity, for: key) }
    return plans
  }

  /// Spec 6.3.2 CollectFields over one or more selection sets (several when merging sub-selections),
  /// turned into field plans for `objectType`. Fields the type does not define are left out.
  /// - Returns: the plans, and whether a variable `@skip`/`@include` decided what they hold (then
  ///   they are good for this request only).
  func planFields(objectType: GraphQLObjectType, selectionSets: [SelectionSet])
    -> (plans: [FieldPlan], usesVariables: Bool)
  {
    var keys: [String] = []
    var nodesByKey: [String: [Field]] = [:]
    var visitedFragments: Set<String> = []
    var usesVariables = false
    for selectionSet in selectionSets {
      collectFields(
        objectType: objectType, selectionSet: selectionSet, keys: &keys, nodesByKey: &nodesByKey,
        visitedFragments: &visitedFragments, usesVariables: &usesVariables)
    }
    var plans: [FieldPlan] = []
    plans.reserveCapacity(keys.count)
    for key in keys {
      guard let nodes = nodesByKey[key], let plan = makePlan(objectType, key, nodes) else { continue }
      plans.append(plan)
    }
    return (plans, usesVariables)
  }

  func makePlan(_ objectType: GraphQLObjectType, _ key: String, _ nodes: [Field]) -> FieldPlan? {
    let fieldName = nodes[0].name.value
    let definition: GraphQLField
    var isMetaField = false
    switch fieldName {
    case "__typename":
      definition = MetaFields.typename
    case "__schema" where objectType === schema.queryType:
      definition = MetaFields.schema
      isMetaField = true
    case "__type" where objectType === schema.queryType:
      definition = MetaFields.type
      isMetaField = true
    default:
      guard let field = objectType.fields[fieldName] else { return nil }
      definition = field
    }
    var keyBytes: [UInt8] = [UInt8(ascii: ",")]
    keyBytes.reserveCapacity(key.utf8.count + 4)
    JSONWriter.appendString(key, to: &keyBytes)
    keyBytes.append(UInt8(ascii: ":"))
    let isTypename = fieldName == "__typename"
    var resolution: FieldPlan.Resolution?
    if !isTypename,
      let resolver = resolvers.resolver(
        typeName: objectType.name, fieldName: definition.name, isMetaField: isMetaField)
    {
      resolution = FieldPlan.Resolution(
        resolver: resolver,
        info: ResolveInfo.Field(
          fieldName: definition.name, parentTypeName: objectType.name, returnType: definition.type,
          fieldNodes: nodes, schema: schema),
        arguments: constantArguments(definition, nodes[0], parentType: objectType.name))
    }
    return FieldPlan(
      responseKey: key, separatedKeyBytes: keyBytes, fieldNodes: nodes, definition: definition,
      parentType: objectType,
      resolution: resolution, outputType: OutputType(definition.type, schema: schema), isTypename: isTypename,
      typedIndex: isTypename || isMetaField
        ? -1 : resolvers.typed?.ordinal(typeName: objectType.name, fieldName: definition.name) ?? -1)
  }

  /// The field's coerced arguments when they read no variable (the same for every request).
  private func constantArguments(_ definition: GraphQLField, _ node: Field, parentType: String)
    -> FieldPlan.Arguments
  {
    if definition.arguments.isEmpty { return .constant(JSONObject()) }
    guard node.arguments.allSatisfy(\.value.isConstant) else { return .perRequest }
    switch coerceArguments(definition, node, parentType: parentType) {
    case .success(let arguments): return .constant(arguments)
    case .failure(let error): return .invalid(error)
    }
  }

  /// Spec 6.4.1 CoerceArgumentValues for a field node of `parentType`.
  func coerceArguments(_ definition: GraphQLField, _ node: Field, parentType: String) -> Result<
    JSONObject, GraphQLError
  > {
    // graphql-js 17 names the meta fields' arguments `<meta>.__type(name:)`: they belong to no type.
    let owner = (definition.name.hasPrefix("__") ? "<meta>" : parentType) + "." + definition.name
    return Result { () throws(GraphQLError) -> JSONObject in
      try Values.coerceArgumentValues(
        schema: schema, source: source, owner: owner, definitions: definition.arguments,
        arguments: node.arguments, node: node.range, variables: variables)
    }
  }

  private func collectFields(
    objectType: GraphQLObjectType, selectionSet: SelectionSet, keys: inout [String],
    nodesByKey: inout [String: [Field]], visitedFragments: inout Set<String>, usesVariables: inout Bool
  ) {
    for selection in selectionSet.selections {
      guard shouldInclude(selection.directives, usesVariables: &usesVariables) else { continue }
      switch selection {
      case .field(let field):
        let key = field.responseKey
        if nodesByKey[key] == nil {
          keys.append(key)
          nodesByKey[key] = [field]
        } else {
          nodesByKey[key]?.append(field)
        }
      case .inlineFragment(let fragment):
        if let condition = fragment.typeCondition, !doesFragmentTypeApply(objectType, condition.name.value) {
          continue
        }
        collectFields(
          objectType: objectType, selectionSet: fragment.selectionSet, keys: &keys, nodesByKey: &nodesByKey,
          visitedFragments: &visitedFragments, usesVariables: &usesVariables)
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard visitedFragments.insert(name).inserted, let fragment = fragments[name],
          doesFragmentTypeApply(objectType, fragment.typeCondition.name.value)
        else { continue }
        collectFields(
          objectType: objectType, selectionSet: fragment.selectionSet, keys: &keys, nodesByKey: &nodesByKey,
          visitedFragments: &visitedFragments, usesVariables: &usesVariables)
      }
    }
  }

  /// Spec 6.3.2 DoesFragmentTypeApply.
  func doesFragmentTypeApply(_ objectType: GraphQLObjectType, _ conditionName: String) -> Bool {
    if conditionName == objectType.name { return true }
    switch schema.type(named: conditionName) {
    case .interface?, .union?: return schema.isPossibleType(objectType.name, of: conditionName)
    default: return false
    }
  }

  /// `@skip(if:)` and `@include(if:)` (spec 3.13.1, 3.13.2); a condition that is not a boolean
  /// (which validation rules out) leaves the selection in. Sets `usesVariables` when a condition
  /// reads a variable (such a selection cannot be cached across executions).
  func shouldInclude(_ directives: [Directive], usesVariables: inout Bool) -> Bool {
    for directive in directives {
      let name = directive.name.value
      guard name == "skip" || name == "include" else { continue }
      guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
      let condition: Bool?
      switch argument.value {
      case .boolean(let value, _): condition = value
      case .variable(let variable):
        usesVariables = true
        condition = variables[variable.name.value]?.boolValue
      default: condition = nil
      }
      if name == "skip" && condition == true { return false }
      if name == "include" && condition == false { return false }
    }
    return true
  }
}
