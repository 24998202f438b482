import GraphQLWire

/// Everything a rule may ask during one validation: the schema and document, fragments by name,
/// type information at the current node, and cached whole-document facts (fragment spreads,
/// variable usages). Rules report errors here; the context stops the walk at the error limit.
///
/// Used by one validation on one thread; not shared. So its state is not checked for exclusive
/// access at run time (`@exclusivity(unchecked)`): the walk and the rules take turns, never
/// holding an access across a call into each other, and the checks cost about a tenth of a
/// validation.
public final class ValidationContext {
  /// The schema the document is checked against.
  @exclusivity(unchecked) public private(set) var schema: GraphQLSchema
  /// The document being validated.
  @exclusivity(unchecked) public private(set) var document: Document
  /// Type information at the node being visited.
  @exclusivity(unchecked) public internal(set) var typeInfo: TypeInfo
  /// The errors reported so far, in report order.
  @exclusivity(unchecked) public private(set) var errors: [GraphQLError] = []
  /// Whether the walk is inside a type-system definition or extension (not executable).
  @exclusivity(unchecked) public internal(set) var isInTypeSystemDefinition = false
  /// Set once the error limit is exceeded; the walk stops.
  @exclusivity(unchecked) public private(set) var isAborted = false
  /// After this many errors the walk stops (graphql-js's limit, 100 by default).
  @exclusivity(unchecked) private(set) var maxErrors: Int
  /// When the validation must give up (nil: never); see `checkDeadline()`.
  @exclusivity(unchecked) private(set) var deadline: ContinuousClock.Instant?
  /// Set when the deadline passed before the walk finished; the errors are then incomplete.
  @exclusivity(unchecked) private(set) var timedOut = false
  @exclusivity(unchecked) private var fragmentsByName: [String: FragmentDefinition] = [:]
  /// Every directive the document may use, by name: the schema's (gathered once per schema), with
  /// the document's own definitions in their place where it has any.
  @exclusivity(unchecked) private(set) var directives: [String: DirectiveFacts] = [:]
  @exclusivity(unchecked) private var spreadsCache: [Int: [FragmentSpread]] = [:]
  @exclusivity(unchecked) private var referencedFragmentsCache: [Int: [FragmentDefinition]] = [:]
  @exclusivity(unchecked) private var usagesCache: [Int: [VariableUsage]] = [:]
  /// `recursiveVariables(of:)`'s answers, by the operation's selection set offset.
  @exclusivity(unchecked) private var recursiveVariablesCache: [Int: [Variable]] = [:]
  /// Usages recorded by the main walk for the operation or fragment it is in (nil: not recording).
  /// The main walk has the same type information the separate collector would compute, so
  /// recording there saves a second walk of every definition.
  @exclusivity(unchecked) var recordedUsages: [VariableUsage]?

  init(schema: GraphQLSchema, document: Document, maxErrors: Int, deadline: ContinuousClock.Instant? = nil) {
    self.schema = schema
    self.document = document
    self.maxErrors = maxErrors
    self.deadline = deadline
    self.typeInfo = TypeInfo(schema: schema)
    readDefinitions()
  }

  /// Readies a context kept from an earlier validation (see `ValidationSession`) for another,
  /// keeping the storage of its stacks and caches.
  func reuse(schema: GraphQLSchema, document: Document, maxErrors: Int, deadline: ContinuousClock.Instant?) {
    self.schema = schema
    self.document = document
    self.maxErrors = maxErrors
    self.deadline = deadline
    typeInfo.reset(schema: schema)
    readDefinitions()
  }

  /// Forgets the validation done, its schema and document included (an idle context holds
  /// neither), keeping the caches' storage while small.
  func clear() {
    schema = Self.idleSchema
    document = Document(definitions: [])
    typeInfo.reset(schema: Self.idleSchema)
    errors = []
    isInTypeSystemDefinition = false
    isAborted = false
    timedOut = false
    deadline = nil
    fragmentsByName = [:]
    directives = [:]
    spreadsCache.removeAll(keepingCapacity: spreadsCache.capacity <= 64)
    referencedFragmentsCache.removeAll(keepingCapacity: referencedFragmentsCache.capacity <= 64)
    usagesCache.removeAll(keepingCapacity: usagesCache.capacity <= 64)
    recursiveVariablesCache.removeAll(keepingCapacity: recursiveVariablesCache.capacity <= 64)
    recordedUsages = nil
  }

  /// What an idle context refers to instead of the last schema it validated against.
  private static let idleSchema = GraphQLSchema(
    queryType: GraphQLObjectType(name: "Query", fields: GraphQLFieldMap([])), mutationType: nil,
    subscriptionType: nil, types: [], directives: [])

  /// Fragments by name, and the directives the document may use.
  private func readDefinitions() {
    var definesDirectives = false
    // As graphql-js, a later duplicate wins (UniqueFragmentNames reports the duplicate).
    for definition in document.definitions {
      switch definition {
      case .fragment(let fragment): fragmentsByName[fragment.name.value] = fragment
      case .typeSystem(.directive): definesDirectives = true
      default: break
      }
    }
    let schemaDirectives = schema.validationIndex.directives
    directives =
      definesDirectives ? DirectiveFacts.table(schemaDirectives, document: document) : schemaDirectives
  }

  // MARK: - Reporting

  /// Records an error located at the start of each given node range (graphql-js's `nodes`).
  ///
  /// Past `maxErrors` errors, records graphql-js's "Too many validation errors" error instead and
  /// aborts the walk.
  public func report(_ message: String, nodes: [SourceRange?]) {
    report(GraphQLError(message, source: document.source, ranges: nodes))
  }

  /// Records an already-built error (see `report(_:nodes:)`).
  public func report(_ error: GraphQLError) {
    guard !isAborted else { return }
    if errors.count >= maxErrors {
      errors.append(
        GraphQLError("Too many validation errors, error limit reached. Validation aborted."))
      isAborted = true
      return
    }
    errors.append(error)
  }

  /// How many more errors can be reported before the walk aborts, counting the one that trips
  /// the limit: a rule that finds problems in bulk stops looking past this many.
  var remainingErrors: Int { isAborted ? 0 : max(0, maxErrors - errors.count) + 1 }

  /// Whether the deadline has passed; if so, aborts the walk. Rules whose work can grow faster
  /// than the document call it from their loops (it reads the clock, so not on every step).
  func checkDeadline() -> Bool {
    guard let deadline, !isAborted else { return isAborted }
    if ContinuousClock.now < deadline { return false }
    timedOut = true
    isAborted = true
    return true
  }

  // MARK: - Fragments

  /// The fragment definition called `name` (the last one, if duplicated).
  public func fragment(named name: String) -> FragmentDefinition? { fragmentsByName[name] }

  /// The fragment spreads in a selection set and in the selection sets nested in it, but not
  /// inside the spread fragments themselves.
  public func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
    let key = selectionSet.range?.start
    if let key, let cached = spreadsCache[key] { return cached }
    var spreads: [FragmentSpread] = []
    var pending = [selectionSet]
    while let set = pending.popLast() {
      for selection in set.selections {
        switch selection {
        case .fragmentSpread(let spread): spreads.append(spread)
        case .inlineFragment(let inline): pending.append(inline.selectionSet)
        case .field(let field): if let sub = field.selectionSet { pending.append(sub) }
        }
      }
    }
    if let key { spreadsCache[key] = spreads }
    return spreads
  }

  /// The fragments an operation (or fragment) uses, directly or through other fragments, each
  /// once, in discovery order.
  public func recursivelyReferencedFragments(of selectionSet: SelectionSet) -> [FragmentDefinition] {
    // A document without fragment definitions references none (spreads of unknown names aside).
    if fragmentsByName.isEmpty { return [] }
    let key = selectionSet.range?.start
    if let key, let cached = referencedFragmentsCache[key] { return cached }
    var fragments: [FragmentDefinition] = []
    var collected: Set<String> = []
    var pending = [selectionSet]
    while let set = pending.popLast() {
      for spread in fragmentSpreads(in: set) where !collected.contains(spread.name.value) {
        collected.insert(spread.name.value)
        if let fragment = fragment(named: spread.name.value) {
          fragments.append(fragment)
          pending.append(fragment.selectionSet)
        }
      }
    }
    if let key { referencedFragmentsCache[key] = fragments }
    return fragments
  }

  // MARK: - Variable usages

  /// The variables used in an operation's directives and selection set (not in its variable
  /// definitions), with the type and default value expected where each is used.
  public func variableUsages(in operation: OperationDefinition) -> [VariableUsage] {
    usages(key: operation.selectionSet.range?.start) { collector in
      collector.collect(directives: operation.directives)
      collector.typeInfo.enterOperation(operation)
      collector.collect(selectionSet: operation.selectionSet)
    }
  }

  /// The variables used in a fragment definition (see `variableUsages(in:)` for operations).
  public func variableUsages(in fragment: FragmentDefinition) -> [VariableUsage] {
    usages(key: fragment.selectionSet.range?.start) { collector in
      collector.collect(directives: fragment.directives)
      collector.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
      collector.collect(selectionSet: fragment.selectionSet)
    }
  }

  /// The variable usages of an operation and of every fragment it references recursively.
  public func recursiveVariableUsages(of operation: OperationDefinition) -> [VariableUsage] {
    var usages = variableUsages(in: operation)
    for fragment in recursivelyReferencedFragments(of: operation.selectionSet) {
      usages += variableUsages(in: fragment)
    }
    return usages
  }

  /// The `$name` nodes of `recursiveVariableUsages(of:)`, in the same order, found without type
  /// information (for rules that need only the names; they run before the walk has recorded the
  /// typed usages).
  public func recursiveVariables(of operation: OperationDefinition) -> [Variable] {
    let key = operation.selectionSet.range?.start
    if let key, let cached = recursiveVariablesCache[key] { return cached }
    var collector = VariableNodeCollector()
    collector.collect(directives: operation.directives)
    collector.collect(selectionSet: operation.selectionSet)
    for fragment in recursivelyReferencedFragments(of: operation.selectionSet) {
      collector.collect(directives: fragment.directives)
      collector.collect(selectionSet: fragment.selectionSet)
    }
    if let key { recursiveVariablesCache[key] = collector.nodes }
    return collector.nodes
  }

  /// Starts recording the variable usages the main walk meets.
  func startRecordingUsages() { recordedUsages = [] }

  /// Stops recording and caches what was recorded for the definition whose selection set
  /// starts at `key`, unless a rule already asked for (and so cached) it.
  func finishRecordingUsages(key: Int?) {
    if let key, let recorded = recordedUsages, usagesCache[key] == nil { usagesCache[key] = recorded }
    recordedUsages = nil
  }

  private func usages(key: Int?, _ body: (inout VariableUsageCollector) -> Void) -> [VariableUsage] {
    if let key, let cached = usagesCache[key] { return cached }
    var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema))
    body(&collector)
    if let key { usagesCache[key] = collector.usages }
    return collector.usages
  }
}
