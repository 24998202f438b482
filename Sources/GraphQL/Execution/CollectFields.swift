/// A field's output type resolved against the schema once, so completing each value needs no
/// type-name lookups.
indirect enum OutputType {
  case nonNull(OutputType)
  case list(OutputType)
  /// A scalar, and which built-in it is (the executor serializes common values of built-ins
  /// without going through `serialize`, with the same results).
  case scalar(GraphQLScalarType, BuiltInScalar?)
  case enumeration(GraphQLEnumType)
  case object(GraphQLObjectType)
  /// An interface or union, by name.
  case abstract(String)
  /// A name the schema does not define as an output type (an invalid schema).
  case unknown(String)

  init(_ reference: GraphQLTypeReference, schema: GraphQLSchema) {
    switch reference {
    case .nonNull(let inner): self = .nonNull(OutputType(inner, schema: schema))
    case .list(let inner): self = .list(OutputType(inner, schema: schema))
    case .named(let name):
      switch schema.type(named: name) {
      case .scalar(let scalar)?: self = .scalar(scalar, BuiltInScalar(scalar))
      case .enumeration(let enumeration)?: self = .enumeration(enumeration)
      case .object(let object)?: self = .object(object)
      case .interface?, .union?: self = .abstract(name)
      case .inputObject?, nil: self = .unknown(name)
      }
    }
  }
}

/// The built-in scalars, told apart by identity.
enum BuiltInScalar {
  case string, id, int, float, boolean

  init?(_ scalar: GraphQLScalarType) {
    if scalar === GraphQLScalarType.string {
      self = .string
    } else if scalar === GraphQLScalarType.id {
      self = .id
    } else if scalar === GraphQLScalarType.int {
      self = .int
    } else if scalar === GraphQLScalarType.float {
      self = .float
    } else if scalar === GraphQLScalarType.boolean {
      self = .boolean
    } else {
      return nil
    }
  }

  /// The serialized form of the plain Swift values built-ins are mostly given, or nil to use the
  /// scalar's `serialize`. One concrete cast, where `serialize` tries several.
  @inline(__always)
  func fastSerialize(_ value: any Sendable) -> JSON? {
    switch self {
    case .string, .id: if let string = value as? String { return .string(string) }
    case .int:
      if let int = value as? Int, int >= -2_147_483_648 && int <= 2_147_483_647 { return .int(int) }
    case .boolean: if let bool = value as? Bool { return .bool(bool) }
    case .float: if let double = value as? Double, double.isFinite { return .double(double) }
    }
    return nil
  }
}

/// One response key of a selection set, executed against one object type: everything about the
/// field that does not depend on the parent value, computed once per execution and shared by every
/// object in a list (a page of 20 launches plans its fields once).
final class FieldPlan {
  let responseKey: String
  /// `"responseKey":` as JSON text, for the encoded executor.
  let keyBytes: [UInt8]
  /// The field nodes merged under this response key, in document order.
  let fieldNodes: [Field]
  let definition: GraphQLField
  let parentType: GraphQLObjectType
  let resolver: BoundResolver?
  let outputType: OutputType
  let isTypename: Bool
  /// The coerced arguments: arguments depend only on the nodes and the variables, both fixed for
  /// the execution, so they are coerced once.
  private var arguments: Result<JSONObject, GraphQLError>?
  /// Sub-selections by runtime object type (one entry unless the field is abstract).
  private var subplans: [(type: ObjectIdentifier, plans: [FieldPlan])] = []
  /// The part of `ResolveInfo` shared by every object this field is resolved on, built on first use.
  private var info: ResolveInfo.Shared?

  init(skeleton: FieldSkeleton, parentType: GraphQLObjectType, resolver: BoundResolver?) {
    self.responseKey = skeleton.responseKey
    self.keyBytes = skeleton.keyBytes
    self.fieldNodes = skeleton.fieldNodes
    self.definition = skeleton.definition
    self.parentType = parentType
    self.resolver = resolver
    self.outputType = skeleton.outputType
    self.isTypename = skeleton.isTypename
  }

  func coercedArguments(in execution: ExecutionContext) -> Result<JSONObject, GraphQLError> {
    if let arguments { return arguments }
    let node = fieldNodes[0]
    let result: Result<JSONObject, GraphQLError>
    if definition.arguments.isEmpty {
      result = .success(JSONObject())
    } else {
      result = Result { () throws(GraphQLError) -> JSONObject in
        try Values.coerceArgumentValues(
          schema: execution.schema, source: execution.source, definitions: definition.arguments,
          arguments: node.arguments, node: node.range, variables: execution.variables)
      }
    }
    arguments = result
    return result
  }

  /// The shared part of the field's `ResolveInfo`, built once per plan.
  func infoField(in execution: ExecutionContext) -> ResolveInfo.Shared {
    if let info { return info }
    let made = ResolveInfo.Shared(
      fieldName: definition.name, parentTypeName: parentType.name, returnType: definition.type,
      fieldNodes: fieldNodes, schema: execution.schema, operation: execution.operation,
      variables: execution.variables)
    info = made
    return made
  }

  /// Spec 6.4.3 "CollectSubfields" for a runtime object type, memoized.
  func subplans(for objectType: GraphQLObjectType, in execution: ExecutionContext) -> [FieldPlan] {
    let id = ObjectIdentifier(objectType)
    for entry in subplans where entry.type == id { return entry.plans }
    let selectionSets = fieldNodes.compactMap(\.selectionSet)
    let plans = execution.planFields(objectType: objectType, selectionSets: selectionSets)
    subplans.append((id, plans))
    return plans
  }
}

extension ExecutionContext {
  /// Spec 6.3.2 CollectFields over one or more selection sets (several when merging sub-selections),
  /// turned into field plans for `objectType`. Fields the type does not define are left out. The
  /// collected fields come from `PlanCache` when this document was executed before.
  func planFields(objectType: GraphQLObjectType, selectionSets: [SelectionSet]) -> [FieldPlan] {
    let key = planCacheKey(objectType, selectionSets)
    if let key, let entry = PlanCache.lookup(key), entry.schema === schema, entry.source === source,
      entry.objectType === objectType
    {
      return entry.fields.map { makePlan(objectType, $0) }
    }
    var keys: [String] = []
    var nodesByKey: [String: [Field]] = [:]
    var visitedFragments: Set<String> = []
    var usesVariables = false
    for selectionSet in selectionSets {
      collectFields(
        objectType: objectType, selectionSet: selectionSet, keys: &keys, nodesByKey: &nodesByKey,
        visitedFragments: &visitedFragments, usesVariables: &usesVariables)
    }
    var skeletons: [FieldSkeleton] = []
    skeletons.reserveCapacity(keys.count)
    for key in keys {
      guard let nodes = nodesByKey[key], let skeleton = makeSkeleton(objectType, key, nodes) else { continue }
      skeletons.append(skeleton)
    }
    if let key, let source, !usesVariables {
      PlanCache.store(
        PlanCache.Entry(schema: schema, source: source, objectType: objectType, fields: skeletons), for: key)
    }
    return skeletons.map { makePlan(objectType, $0) }
  }

  /// The cache key of a selection: only for parsed documents, whose selection sets all have ranges.
  private func planCacheKey(_ objectType: GraphQLObjectType, _ selectionSets: [SelectionSet])
    -> PlanCache.Key?
  {
    guard let source else { return nil }
    var offsets: [Int] = []
    offsets.reserveCapacity(selectionSets.count)
    for selectionSet in selectionSets {
      guard let range = selectionSet.range else { return nil }
      offsets.append(range.start)
    }
    return PlanCache.Key(
      schema: ObjectIdentifier(schema), source: ObjectIdentifier(source),
      objectType: ObjectIdentifier(objectType), offsets: offsets)
  }

  private func makePlan(_ objectType: GraphQLObjectType, _ skeleton: FieldSkeleton) -> FieldPlan {
    FieldPlan(
      skeleton: skeleton, parentType: objectType,
      resolver: skeleton.isTypename
        ? nil
        : resolver(
          typeName: objectType.name, fieldName: skeleton.definition.name, isMetaField: skeleton.isMetaField))
  }

  private func makeSkeleton(_ objectType: GraphQLObjectType, _ key: String, _ nodes: [Field])
    -> FieldSkeleton?
  {
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
    var keyBytes: [UInt8] = []
    keyBytes.reserveCapacity(key.utf8.count + 3)
    JSONWriter.appendString(key, to: &keyBytes)
    keyBytes.append(UInt8(ascii: ":"))
    return FieldSkeleton(
      responseKey: key, keyBytes: keyBytes, fieldNodes: nodes, definition: definition,
      isMetaField: isMetaField, isTypename: fieldName == "__typename",
      outputType: OutputType(definition.type, schema: schema))
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
  private func doesFragmentTypeApply(_ objectType: GraphQLObjectType, _ conditionName: String) -> Bool {
    if conditionName == objectType.name { return true }
    switch schema.type(named: conditionName) {
    case .interface?, .union?: return schema.isPossibleType(objectType.name, of: conditionName)
    default: return false
    }
  }

  /// `@skip(if:)` and `@include(if:)` (spec 3.13.1, 3.13.2); a condition that is not a boolean
  /// (which validation rules out) leaves the selection in. Sets `usesVariables` when a condition
  /// reads a variable (such a selection cannot be cached across executions).
  private func shouldInclude(_ directives: [Directive], usesVariables: inout Bool) -> Bool {
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
