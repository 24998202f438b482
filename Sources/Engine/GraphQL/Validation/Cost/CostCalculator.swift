import GraphQLWire

/// The static cost of an operation under a `CostModel`, computed from the document alone (and
/// the request's variables, for list bounds given as variables) before anything executes.
///
/// Fragments count at each spread, as execution runs them; the cost of a fragment under one
/// parent field is computed once, so a document cannot make the count itself expensive. Sums and
/// products saturate at `Int.max`. Run it on a validated document (fragment cycles would not end).
///
/// Used by one request on one thread.
struct CostCalculator {
  let schema: GraphQLSchema
  let model: CostModel
  let fragments: [String: FragmentDefinition]
  let variables: JSONObject
  /// Whether a list bound given by a variable counts at the bound's maximum whatever the
  /// variable's value: the cost is then the most the operation can cost.
  let variablesAtTheirLargest: Bool
  private let introspectionBounds: [String: Int]
  private var fragmentCosts: [FragmentKey: Int] = [:]
  /// Whether some list bound was read from a variable (the cost then holds for this request only).
  private(set) var readVariables = false

  /// A fragment under one parent field (by the field's source offset; -1 at the root).
  private struct FragmentKey: Hashable {
    let name: String
    let parentField: Int
  }

  init(
    schema: GraphQLSchema, model: CostModel, fragments: [String: FragmentDefinition], variables: JSONObject,
    introspectionBounds: [String: Int], variablesAtTheirLargest: Bool = false
  ) {
    self.variablesAtTheirLargest = variablesAtTheirLargest
    self.schema = schema
    self.model = model
    self.fragments = fragments
    self.variables = variables
    self.introspectionBounds = introspectionBounds
  }

  /// The cost of `operation`.
  mutating func cost(of operation: OperationDefinition) -> Int {
    guard let root = schema.rootType(for: operation.operation) else { return 0 }
    return cost(operation.selectionSet, parentType: .object(root), parentField: nil)
  }

  private mutating func cost(_ selectionSet: SelectionSet, parentType: GraphQLNamedType?, parentField: Field?)
    -> Int
  {
    var total = 0
    for selection in selectionSet.selections {
      let part: Int
      switch selection {
      case .field(let field):
        part = cost(of: field, parentType: parentType, parentField: parentField)
      case .inlineFragment(let inline):
        let type = inline.typeCondition.flatMap { schema.typeMap[$0.name.value] } ?? parentType
        part = cost(inline.selectionSet, parentType: type, parentField: parentField)
      case .fragmentSpread(let spread):
        let key = FragmentKey(name: spread.name.value, parentField: parentField?.range?.start ?? -1)
        if let known = fragmentCosts[key] {
          part = known
        } else if let fragment = fragments[spread.name.value] {
          // Marked first, so that a cycle (validation rejects them) would end at zero.
          fragmentCosts[key] = 0
          part = cost(
            fragment.selectionSet, parentType: schema.typeMap[fragment.typeCondition.name.value],
            parentField: parentField)
          fragmentCosts[key] = part
        } else {
          part = 0
        }
      }
      total = Self.add(total, part)
    }
    return total
  }

  private mutating func cost(of field: Field, parentType: GraphQLNamedType?, parentField: Field?) -> Int {
    let name = field.name.value
    let definition: GraphQLField?
    switch name {
    case "__schema": definition = IntrospectionMetaFields.schema
    case "__type": definition = IntrospectionMetaFields.type
    case "__typename": definition = IntrospectionMetaFields.typeName
    default: definition = parentType?.fields?[name]
    }
    let parentName = parentType?.name ?? ""
    let isIntrospection = name.hasPrefix("__") || parentName.hasPrefix("__")
    let weight = isIntrospection ? model.introspectionFieldCost : model.fieldCost
    guard let selectionSet = field.selectionSet, let definition else { return weight }
    let inner = cost(selectionSet, parentType: schema.namedType(of: definition.type), parentField: field)
    guard definition.type.isList else { return Self.add(weight, inner) }
    let bound = listBound("\(parentName).\(name)", field: field, parentField: parentField)
    return Self.add(weight, Self.multiply(bound, inner))
  }

  /// The most items the list field `coordinate` can hold here.
  private mutating func listBound(_ coordinate: String, field: Field, parentField: Field?) -> Int {
    if let bound = introspectionBounds[coordinate] { return bound }
    switch model.listBounds[coordinate] {
    case .fixed(let length): return length
    case .argument(let argument, let defaultValue, let max):
      return min(max, length(of: argument, in: field) ?? defaultValue)
    case .parentArgument(let argument, let defaultValue, let max):
      return min(max, parentField.flatMap { length(of: argument, in: $0) } ?? defaultValue)
    case nil: return model.defaultListBound
    }
  }

  /// An argument's value as a bound: an integer's value, a list's length; nil when absent, null
  /// or of another kind.
  private mutating func length(of argument: String, in field: Field) -> Int? {
    guard let value = field.arguments.first(where: { $0.name.value == argument })?.value else { return nil }
    switch value {
    case .int(let text, _): return Int(text).map { Swift.max(0, $0) }
    case .list(let items, _): return items.count
    case .variable(let variable):
      readVariables = true
      if variablesAtTheirLargest { return .max }
      switch variables[variable.name.value] {
      case .int(let number)?: return Swift.max(0, Int(number))
      case .array(let items)?: return items.count
      default: return nil
      }
    default: return nil
    }
  }

  static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  static func multiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }
}

extension GraphQLTypeReference {
  /// Whether values of this type are lists (under any non-null wrapper).
  var isList: Bool {
    switch self {
    case .list: true
    case .nonNull(let inner): inner.isList
    case .named: false
    }
  }
}
