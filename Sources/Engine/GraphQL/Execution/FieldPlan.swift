@_spi(Encoding) import GraphQLWire
import Synchronization

/// One response key of a selection set, executed against one object type: everything about the
/// field that does not depend on the parent value, worked out once and shared by every object in a
/// list (a page of 20 launches plans its fields once) and, through `OperationMemo`, by every request
/// that runs the same document.
///
/// Immutable but for its memo of sub-selections, which a `Mutex` guards: a cached plan is used by
/// many requests at once. Public (opaque) for generated selection writers (`TypedRootWriters`).
public final class FieldPlan: Sendable {
  /// How a field with a resolver is resolved. A class, so that reading it from a plan for every
  /// field is one retain rather than a copy of its closure, info and arguments.
  final class Resolution: Sendable {
    let resolver: ErasedResolver
    /// The part of `ResolveInfo` every object and request shares.
    let info: ResolveInfo.Field
    let arguments: Arguments

    init(resolver: ErasedResolver, info: ResolveInfo.Field, arguments: Arguments) {
      self.resolver = resolver
      self.info = info
      self.arguments = arguments
    }
  }

  /// A field's coerced arguments, as far as they are known before a request runs.
  enum Arguments: Sendable {
    /// No argument reads a variable: every request has these.
    case constant(JSONObject)
    /// No argument reads a variable, and they do not coerce: every request gets this error.
    case invalid(GraphQLError)
    /// Coerced per request (`ExecutionContext.arguments`).
    case perRequest
  }

  let responseKey: String
  /// `,"responseKey":` as JSON text, for the encoded executors (`writeKey`): a field after the
  /// first of its selection set writes all of it, the first all but the comma (one copy, not two).
  let separatedKeyBytes: [UInt8]
  /// The field nodes merged under this response key, in document order.
  let fieldNodes: [Field]
  let definition: GraphQLField
  let parentType: GraphQLObjectType
  /// Nil for fields read by the default resolver (and for `__typename`).
  let resolution: Resolution?
  let outputType: OutputType
  /// The built-in scalar when `outputType` is one, nullable or not: the executor writes such a
  /// field's plain values without walking `outputType` (see `ExecutionContext.writeCompletedField`).
  let builtInLeaf: BuiltInScalar?
  let isTypename: Bool
  /// The field's ordinal in its type's generated selection writer (`TypedRootWriters`), or -1
  /// when none numbers it (then the writer hands the field back to the generic executor).
  public let typedIndex: Int
  /// Sub-selections by runtime object type (one entry unless the field is abstract), for the
  /// selections that no variable `@skip`/`@include` reaches (the others are planned per request).
  private let subplanMemo = Mutex<[(type: ObjectIdentifier, plans: [FieldPlan])]>([])

  init(
    responseKey: String, separatedKeyBytes: [UInt8], fieldNodes: [Field], definition: GraphQLField,
    parentType: GraphQLObjectType, resolution: Resolution?, outputType: OutputType, isTypename: Bool,
    typedIndex: Int = -1
  ) {
    self.responseKey = responseKey
    self.separatedKeyBytes = separatedKeyBytes
    self.fieldNodes = fieldNodes
    self.definition = definition
    self.parentType = parentType
    self.resolution = resolution
    self.outputType = outputType
    switch outputType {
    case .scalar(_, let builtIn?), .nonNull(.scalar(_, let builtIn?)): builtInLeaf = builtIn
    default: builtInLeaf = nil
    }
    self.isTypename = isTypename
    self.typedIndex = typedIndex
  }

  /// Writes the field's key: `,"key":`, or `"key":` when it is the first of its selection set.
  @inline(__always)
  func writeKey(first: Bool, into writer: inout JSONByteWriter) {
    separatedKeyBytes.withUnsafeBufferPointer { key in
      writer.write(first ? UnsafeBufferPointer(rebasing: key.dropFirst()) : key)
    }
  }

  /// Spec 6.4.3 "CollectSubfields" for a runtime object type, memoized.
  func subplans(for objectType: GraphQLObjectType, in execution: ExecutionContext) -> [FieldPlan] {
    let id = ObjectIdentifier(objectType)
    let memoized = subplanMemo.withLock { memo in memo.first { $0.type == id }?.plans }
    if let memoized { return memoized }
    if let planned = execution.requestSubplans(of: self, for: id) { return planned }
    let (plans, usesVariables) = execution.planFields(
      objectType: objectType, selectionSets: fieldNodes.compactMap(\.selectionSet))
    if usesVariables {
      execution.storeRequestSubplans(plans, of: self, for: id)
    } else {
      subplanMemo.withLock { memo in
        if !memo.contains(where: { $0.type == id }) { memo.append((id, plans)) }
      }
    }
    return plans
  }
}
