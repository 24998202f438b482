import GraphQLWire

/// The value, or nil if it is null in any of its Swift spellings (`nil`, an `Optional.none` that
/// arrived wrapped in `any Sendable`, such as a `String?` stored in a `[String: any Sendable]`, or
/// `JSON.null`). A wrapped `.some` needs no unwrapping: Swift's dynamic casts look through it.
func unwrapNull(_ value: (any Sendable)?) -> (any Sendable)? {
  guard let value, !isNull(value) else { return nil }
  return value
}

/// Whether a present value is null in one of its Swift spellings (see `unwrapNull`).
func isNull(_ value: any Sendable) -> Bool {
  // The plain types first: comparing metadata is cheaper than asking the runtime for its kind.
  if isPlainValue(value) || isClassInstance(value) { return false }
  if let json = exactCast(value, to: JSON.self) { return json.isNull }
  // Casting to `Optional<Any>` unwraps a boxed optional without a protocol conformance lookup.
  let boxed: Any = value
  if case Optional<Any>.none = boxed { return true }
  if let json = value as? JSON { return json.isNull }
  return false
}

/// Whether the value's dynamic type is one of the plain, never-optional types resolvers and
/// catalogs mostly hold. One comparison of type metadata each: the runtime's casts in `isNull`,
/// which every object and list value went through, cost about 440 instructions a value (a tenth of
/// executing the LaunchList query).
@inline(__always)
func isPlainValue<T>(_ value: T) -> Bool {
  T.self == [String: any Sendable].self || T.self == [[String: any Sendable]].self
    || T.self == [any Sendable].self || T.self == String.self || T.self == Int.self
    || T.self == Double.self || T.self == Bool.self || T.self == JSONObject.self
}

/// An object value's fields as the default resolver reads them, worked out once per object rather
/// than once per field.
enum ObjectFields {
  case dictionary([String: any Sendable])
  case json(JSONObject)
  case opaque

  /// - Parameters:
  ///   - needsMembers: false when every field of the selection has a resolver, so no default
  ///     resolver reads members: the value is then not inspected at all (default true).
  init(_ source: (any Sendable)?, needsMembers: Bool = true) {
    guard needsMembers, let source else {
      self = .opaque
      return
    }
    if let dictionary = exactCast(source, to: [String: any Sendable].self) {
      self = .dictionary(dictionary)
      return
    }
    if let json = exactCast(source, to: JSON.self) {
      self = json.objectValue.map { .json($0) } ?? .opaque
      return
    }
    if let object = exactCast(source, to: JSONObject.self) {
      self = .json(object)
      return
    }
    if isClassInstance(source) {
      self = .opaque
      return
    }
    switch source {
    case let dictionary as [String: any Sendable]: self = .dictionary(dictionary)
    case let json as JSON: self = json.objectValue.map { .json($0) } ?? .opaque
    case let object as JSONObject: self = .json(object)
    default: self = .opaque
    }
  }

  /// Whether a selection's plans read members of the object (some field has no resolver).
  static func needed(by plans: [FieldPlan]) -> Bool {
    plans.contains { $0.resolution == nil && !$0.isTypename }
  }

  /// The default field resolver: the member named like the field, or null.
  @inline(__always)
  func value(_ fieldName: String) -> (any Sendable)? {
    switch self {
    case .dictionary(let dictionary):
      dictionary.scanningSmall(fieldName)
    case .json(let object): object[fieldName]
    case .opaque: nil
    }
  }
}

extension ExecutionContext {
  /// The default field resolver: the member named like the field of a `[String: any Sendable]`,
  /// `JSON` object or `JSONObject` source; null for any other source.
  func defaultResolve(_ source: (any Sendable)?, fieldName: String) -> (any Sendable)? {
    ObjectFields(source).value(fieldName)
  }

  /// The information a resolver receives about its field.
  func resolveInfo(_ resolution: FieldPlan.Resolution) -> ResolveInfo {
    ResolveInfo(field: resolution.info, request: requestInfo, path: path)
  }

  /// The elements of a list value, or a located error when the value is not a list.
  func listElements(_ value: any Sendable, plan: FieldPlan) throws(FieldFailure) -> [any Sendable] {
    if let list = exactCast(value, to: [any Sendable].self) { return list }
    // A list of dictionaries, as catalogs hold them: boxing each element costs a few instructions,
    // where the runtime's array cast below checks every element's type (about 470 each).
    if let list = exactCast(value, to: [[String: any Sendable]].self) { return list.map { $0 } }
    // Any other Swift array of Sendable elements (all a resolver can return) casts to this.
    if let list = value as? [any Sendable] { return list }
    if case .array(let elements) as JSON = value { return elements }
    throw FieldFailure(
      error: locatedError(
        "Expected Iterable, but did not find one for field \"\(plan.parentType.name).\(plan.definition.name)\".",
        plan: plan))
  }

  /// Spec 6.4.3 CompleteValue for scalars and enums: result coercion.
  func completeLeaf(_ type: OutputType, _ value: any Sendable, plan: FieldPlan) throws(FieldFailure)
    -> JSON
  {
    switch type {
    case .scalar(let scalar, _):
      let serialized: JSON
      do {
        serialized = try scalar.serialize(value)
      } catch {
        throw FieldFailure(error: locatedError(error, plan: plan))
      }
      if serialized.isNull {
        throw FieldFailure(
          error: locatedError(
            "Expected `\(scalar.name).serialize(\(ValueInspector.inspect(any: value)))` to return non-nullable value, returned: null",
            plan: plan))
      }
      return serialized
    case .enumeration(let enumeration):
      let name: String?
      switch value {
      case let string as String: name = string
      case let json as JSON: name = json.stringValue
      case let raw as any RawRepresentable: name = raw.rawValue as? String
      default: name = nil
      }
      guard let name, enumeration.hasValue(name) else {
        throw FieldFailure(
          error: locatedError(
            "Enum \"\(enumeration.name)\" cannot represent value: \(ValueInspector.inspect(any: value))",
            plan: plan))
      }
      return .string(name)
    default:
      throw FieldFailure(error: locatedError("Cannot complete value of unexpected output type.", plan: plan))
    }
  }

  /// Spec 6.4.3 ResolveAbstractType: the object type of a value of an interface or union type, from
  /// `GraphQLTypeNaming`, the schema's type resolver, or a `__typename` member of the value.
  func resolveAbstractType(
    _ abstractName: String, _ value: any Sendable, plan: FieldPlan
  ) throws(FieldFailure) -> GraphQLObjectType {
    let runtimeName: String?
    if let named = value as? any GraphQLTypeNaming {
      runtimeName = named.graphQLTypeName
    } else if let resolved = typeResolver(abstractName, value) {
      runtimeName = resolved
    } else {
      runtimeName =
        (unwrapNull(defaultResolve(value, fieldName: "__typename")) as? String)
        ?? (defaultResolve(value, fieldName: "__typename") as? JSON)?.stringValue
    }
    guard let runtimeName else {
      throw FieldFailure(
        error: locatedError(
          "Abstract type \"\(abstractName)\" must resolve to an Object type at runtime for field \"\(plan.parentType.name).\(plan.definition.name)\". Either the \"\(abstractName)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function.",
          plan: plan))
    }
    switch schema.type(named: runtimeName) {
    case nil:
      throw FieldFailure(
        error: locatedError(
          "Abstract type \"\(abstractName)\" was resolved to a type \"\(runtimeName)\" that does not exist inside the schema.",
          plan: plan))
    case .object(let object)?:
      guard schema.isPossibleType(object.name, of: abstractName) else {
        throw FieldFailure(
          error: locatedError(
            "Runtime Object type \"\(object.name)\" is not a possible type for \"\(abstractName)\".",
            plan: plan))
      }
      return object
    default:
      throw FieldFailure(
        error: locatedError(
          "Abstract type \"\(abstractName)\" was resolved to a non-object type \"\(runtimeName)\".",
          plan: plan))
    }
  }

  /// The error for a null in a non-null position.
  func nonNullViolation(_ plan: FieldPlan) -> FieldFailure {
    FieldFailure(
      error: locatedError(
        "Cannot return null for non-nullable field \(plan.parentType.name).\(plan.definition.name).",
        plan: plan))
  }
}
