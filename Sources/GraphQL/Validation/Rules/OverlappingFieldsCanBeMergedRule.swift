/// Field Selection Merging
///
/// "If multiple field selections with the same response names are encountered during execution,
/// the field and arguments to execute and the resulting value should be unambiguous. Therefore
/// any two field selections which might both be encountered for the same object are only valid if
/// they are equivalent."
///
/// The comparison follows graphql-js: fields are compared "within" each selection set once, and
/// "between" a set and the fragments it spreads (and between fragments) once per fragment pair,
/// with collected fields cached per selection set, so big documents stay near linear.
///
/// https://spec.graphql.org/October2021/#sec-Field-Selection-Merging
final class OverlappingFieldsCanBeMergedRule: ValidationVisitor {
  let context: ValidationContext
  /// Fragment pairs already compared, with whether the comparison assumed exclusive parents.
  var comparedFragmentPairs: [FragmentPair: Bool] = [:]
  /// Collected fields and spread fragment names per selection set (keyed by source offset).
  var collectedCache: [Int: CollectedFields] = [:]

  init(context: ValidationContext) { self.context = context }

  func enterSelectionSet(_ node: SelectionSet) {
    let conflicts = findConflictsWithin(parentType: context.typeInfo.parentType, node)
    for conflict in conflicts {
      context.report(
        "Fields \"\(conflict.responseName)\" conflict because \(conflict.reason.message). "
          + "Use different aliases on the fields to fetch both if this was intentional.",
        nodes: conflict.fields1 + conflict.fields2)
    }
  }

  // MARK: - Model

  /// A selected field with the type it was selected on and its definition there.
  struct FieldAndDefinition {
    var parentType: GraphQLNamedType?
    var node: Field
    var definition: GraphQLField?
  }

  /// Fields by response key, in first-seen order, and the fragments spread, each once.
  final class CollectedFields {
    var keys: [String] = []
    var fieldsByKey: [String: [FieldAndDefinition]] = [:]
    var fragmentNames: [String] = []
  }

  /// Why two fields conflict: a sentence, or the conflicts among their subfields.
  indirect enum Reason {
    case text(String)
    case subfields([(responseName: String, reason: Reason)])

    var message: String {
      switch self {
      case .text(let text): text
      case .subfields(let reasons):
        reasons.map { "subfields \"\($0.responseName)\" conflict because \($0.reason.message)" }
          .joined(separator: " and ")
      }
    }
  }

  struct Conflict {
    var responseName: String
    var reason: Reason
    var fields1: [SourceRange?]
    var fields2: [SourceRange?]
  }

  /// An unordered pair of fragment names.
  struct FragmentPair: Hashable {
    let first: String
    let second: String

    init(_ a: String, _ b: String) {
      if a < b {
        first = a
        second = b
      } else {
        first = b
        second = a
      }
    }
  }

  func wasCompared(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
    guard let previous = comparedFragmentPairs[FragmentPair(a, b)] else { return false }
    // A comparison that assumed non-exclusive parents covers the exclusive case too.
    return mutuallyExclusive ? true : previous == mutuallyExclusive
  }

  func markCompared(_ a: String, _ b: String, mutuallyExclusive: Bool) {
    comparedFragmentPairs[FragmentPair(a, b)] = mutuallyExclusive
  }

  // MARK: - Collecting fields

  func collectedFields(parentType: GraphQLNamedType?, _ selectionSet: SelectionSet) -> CollectedFields {
    let key = selectionSet.range?.start
    if let key, let cached = collectedCache[key] { return cached }
    let collected = CollectedFields()
    var seenFragments: Set<String> = []
    collect(parentType: parentType, selectionSet, into: collected, seenFragments: &seenFragments)
    if let key { collectedCache[key] = collected }
    return collected
  }

  func collectedFields(of fragment: FragmentDefinition) -> CollectedFields {
    if let key = fragment.selectionSet.range?.start, let cached = collectedCache[key] { return cached }
    let type = context.schema.typeMap[fragment.typeCondition.name.value]
    return collectedFields(parentType: type, fragment.selectionSet)
  }

  private func collect(
    parentType: GraphQLNamedType?, _ selectionSet: SelectionSet, into collected: CollectedFields,
    seenFragments: inout Set<String>
  ) {
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        // Only declared fields count: the meta field __typename has no definition here.
        let definition = parentType?.fields?[field.name.value]
        let key = field.responseKey
        if collected.fieldsByKey[key] == nil { collected.keys.append(key) }
        collected.fieldsByKey[key, default: []].append(
          FieldAndDefinition(parentType: parentType, node: field, definition: definition))
      case .fragmentSpread(let spread):
        if seenFragments.insert(spread.name.value).inserted {
          collected.fragmentNames.append(spread.name.value)
        }
      case .inlineFragment(let inline):
        let type = inline.typeCondition.map { context.schema.typeMap[$0.name.value] } ?? parentType
        collect(parentType: type, inline.selectionSet, into: collected, seenFragments: &seenFragments)
      }
    }
  }
}

extension ValidationRule {
  /// Fields with the same response key can be merged unambiguously.
  public static let overlappingFieldsCanBeMerged = ValidationRule(
    name: "OverlappingFieldsCanBeMergedRule"
  ) {
    OverlappingFieldsCanBeMergedRule(context: $0)
  }
}
