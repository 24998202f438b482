/// Field Selection Merging
///
/// "If multiple field selections with the same response names are encountered during execution,
/// the field and arguments to execute and the resulting value should be unambiguous. Therefore
/// any two field selections which might both be encountered for the same object are only valid if
/// they are equivalent."
///
/// The comparison follows graphql-js 16.9 (with its fix for conflicts reached through nested
/// fragments): fields are compared "within" each selection set once, and "between" a set and the
/// fragments it spreads (and between fragments) once per pair, with collected fields cached per
/// selection set. On top of that, so that a few kilobytes cannot cost seconds, it compares
/// structurally identical fields (and fragments) once: every field and fragment gets an interned
/// identity (parent type, response key, name, arguments, directives and, recursively, its
/// subselection), and the outcome of comparing two identities is memoized, so a thousand copies of
/// one field cost one comparison. It stops comparing once the error limit is reached or the
/// validation's deadline passes. Messages, locations and their order stay graphql-js's.
///
/// https://spec.graphql.org/October2021/#sec-Field-Selection-Merging
final class OverlappingFieldsCanBeMergedRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterSelectionSet] }
  override class var isReusable: Bool { true }

  /// Fragment pairs already compared, with whether the comparison assumed exclusive parents.
  var comparedFragmentPairs: [FragmentPair: Bool] = [:]
  /// Field sets already compared with a fragment (graphql-js 16.9 `comparedFieldsAndFragmentPairs`),
  /// keyed by the set's identity and the fragment name.
  var comparedFieldsAndFragments: [FieldsAndFragment: Bool] = [:]
  /// Collected fields and spread fragment names per selection set (keyed by source offset).
  var collectedCache: [Int: CollectedFields] = [:]
  /// Structural identities (see `Identity`).
  var identities = IdentityTable()
  /// Whether comparing two identities (with exclusive parents or not) found a conflict.
  var comparedIdentities: [IdentityPair: Bool] = [:]
  /// Comparisons made, for the periodic deadline check.
  var comparisons = 0
  /// `mayConflict`'s response keys, kept between selection sets so its storage is allocated once.
  private var keys = KeySet()

  /// When set, every pair is compared as graphql-js does, without the identity memo or the
  /// merged comparison: the reference the fuzzer and tests hold the fast paths to.
  let pairwise: Bool

  init(context: ValidationContext, pairwise: Bool) {
    self.pairwise = pairwise
    super.init(context: context)
  }

  required init(context: ValidationContext) {
    pairwise = false
    super.init(context: context)
  }

  override func reset() {
    comparedFragmentPairs = [:]
    comparedFieldsAndFragments = [:]
    collectedCache = [:]
    identities = IdentityTable()
    comparedIdentities = [:]
    comparisons = 0
    keys.removeAll()
  }

  func enterSelectionSet(_ node: SelectionSet) {
    if shouldStop { return }
    keys.removeAll()
    guard Self.mayConflict(node, keys: &keys) else { return }
    let conflicts = findConflictsWithin(parentType: context.typeInfo.parentType, node)
    for conflict in conflicts {
      context.report(
        "Fields \"\(conflict.responseName)\" conflict because \(conflict.reason.message). "
          + "Use different aliases on the fields to fetch both if this was intentional.",
        nodes: conflict.fields1 + conflict.fields2)
    }
  }

  /// Whether a set could hold a conflict of its own: it spreads a fragment or repeats a response
  /// key (counting inline fragments). Most sets do neither, and then need no collecting at all;
  /// their subselections are checked when the walk enters them.
  private static func mayConflict(_ selectionSet: SelectionSet, keys: inout KeySet) -> Bool {
    for selection in selectionSet.selections {
      switch selection {
      case .fragmentSpread: return true
      case .inlineFragment(let inline): if mayConflict(inline.selectionSet, keys: &keys) { return true }
      case .field(let field):
        if !keys.insert(field.alias?.text ?? field.name.text) { return true }
      }
    }
    return false
  }

  /// A set of response keys (as the AST stores them: short ones compare as two integers): a short
  /// array while small (no hashing), a hash set once large.
  struct KeySet {
    private var small: [NameText]
    private var large: Set<NameText>?

    init() {
      small = []
      small.reserveCapacity(16)
    }

    /// Empties the set, keeping the small array's storage.
    mutating func removeAll() {
      small.removeAll(keepingCapacity: true)
      large = nil
    }

    /// Inserts `key`; false when it was already there.
    mutating func insert(_ key: NameText) -> Bool {
      if large != nil { return large?.insert(key).inserted ?? false }
      if small.contains(key) { return false }
      small.append(key)
      if small.count > 16 { large = Set(small) }
      return true
    }
  }

  // MARK: - Model

  /// A selected field with the type it was selected on, its definition there, and its identity.
  struct FieldAndDefinition {
    var parentType: GraphQLNamedType?
    var node: Field
    var definition: GraphQLField?
    /// Equal for fields that compare the same way against anything (see `Identity`).
    var identity: Int
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

  /// A collected field set (by object identity) and a fragment name: an ordered pair.
  struct FieldsAndFragment: Hashable {
    let fields: ObjectIdentifier
    let fragment: String
  }

  /// An unordered pair of identities and whether the parents were exclusive.
  struct IdentityPair: Hashable {
    let first: Int
    let second: Int
    let exclusive: Bool

    init(_ a: Int, _ b: Int, exclusive: Bool) {
      first = min(a, b)
      second = max(a, b)
      self.exclusive = exclusive
    }
  }

  /// Whether a comparison under `mutuallyExclusive` is covered by an earlier one: one that
  /// assumed non-exclusive parents covers the exclusive case too (graphql-js `PairSet.has`).
  static func covers(_ previous: Bool?, mutuallyExclusive: Bool) -> Bool {
    guard let previous else { return false }
    return mutuallyExclusive ? true : previous == mutuallyExclusive
  }

  func wasCompared(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
    Self.covers(comparedFragmentPairs[FragmentPair(a, b)], mutuallyExclusive: mutuallyExclusive)
  }

  func markCompared(_ a: String, _ b: String, mutuallyExclusive: Bool) {
    comparedFragmentPairs[FragmentPair(a, b)] = mutuallyExclusive
  }

  /// Whether comparing must stop: the error limit is reached or the deadline passed. Checks the
  /// clock only every 1024 comparisons.
  var shouldStop: Bool {
    if context.isAborted { return true }
    comparisons &+= 1
    if comparisons & 1023 == 0 { return context.checkDeadline() }
    return false
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
          FieldAndDefinition(
            parentType: parentType, node: field, definition: definition,
            identity: identity(of: field, parentType: parentType)))
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
  public static let overlappingFieldsCanBeMerged = ValidationRule(OverlappingFieldsCanBeMergedRule.self)

  /// The same rule comparing every pair of fields, as graphql-js does (quadratic and slower): the
  /// reference for tests and the fuzzer.
  package static let overlappingFieldsCanBeMergedPairwise = ValidationRule(
    name: "OverlappingFieldsCanBeMergedRule", callbacks: [.enterSelectionSet]
  ) {
    OverlappingFieldsCanBeMergedRule(context: $0, pairwise: true)
  }
}
