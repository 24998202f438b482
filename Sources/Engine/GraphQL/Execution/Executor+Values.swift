@_spi(Encoding) import GraphQLWire

// CompleteValue (spec 6.4.3) written straight into the JSON answer: values, lists and the
// built-in scalars. The fields around them are in `Executor.swift`.
extension ExecutionContext {
  /// Spec 6.4.3 CompleteValue, written as JSON.
  /// - Returns: whether the value written is `null` (which a non-null type turns into an error).
  func writeValue(
    _ type: OutputType, _ value: (any Sendable)?, plan: FieldPlan, into writer: inout JSONByteWriter
  ) throws(FieldFailure) -> Bool {
    if case .nonNull(let inner) = type {
      let isNull: Bool
      do {
        isNull = try writeValue(inner, value, plan: plan, into: &writer)
      } catch {
        throw resuming(error) { [self] isNull, _ throws(FieldFailure) in
          if isNull { throw nonNullViolation(plan) }
          return false
        }
      }
      if isNull { throw nonNullViolation(plan) }
      return false
    }
    guard let value else {
      writer.write("null")
      return true
    }
    switch type {
    case .scalar(_, let builtIn?):
      if builtIn.write(value, into: &writer) { return false }
    case .object(let objectType):
      guard !isNull(value) else {
        writer.write("null")
        return true
      }
      if let incremental {
        try writeIncrementalObject(plan, objectType, value, incremental, into: &writer)
        return false
      }
      let plans = plan.subplans(for: objectType, in: self)
      let fields = ObjectFields(value, needsMembers: ObjectFields.needed(by: plans))
      try writeSelectionSet(plans, source: value, fields: fields, into: &writer)
      return false
    default: break
    }
    guard !isNull(value) else {
      writer.write("null")
      return true
    }
    switch type {
    case .list(let itemType):
      let elements = try listElements(value, plan: plan)
      writer.write(UInt8(ascii: "["))
      if let incremental, case .key? = path.last, let stream = try streamUsage(plan) {
        try writeStreamedItems(elements, stream, itemType: itemType, plan: plan, incremental, into: &writer)
        return false
      }
      try writeItems(elements, from: 0, itemType: itemType, plan: plan, into: &writer)
      return false
    case .abstract(let abstractName):
      let objectType = try resolveAbstractType(abstractName, value, plan: plan)
      if let incremental {
        try writeIncrementalObject(plan, objectType, value, incremental, into: &writer)
        return false
      }
      let plans = plan.subplans(for: objectType, in: self)
      try writeSelectionSet(
        plans, source: value, fields: ObjectFields(value, needsMembers: ObjectFields.needed(by: plans)),
        into: &writer)
      return false
    default:
      let leaf = try completeLeaf(type, value, plan: plan)
      leaf.encode(into: &writer)
      return leaf.isNull
    }
  }

  /// The items of a list from the `first`th on, and the closing bracket.
  func writeItems(
    _ elements: [any Sendable], from first: Int, itemType: OutputType, plan: FieldPlan,
    into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    var index = first
    while index < elements.count {
      if index > 0 { writer.write(UInt8(ascii: ",")) }
      pushPath(index: index)
      let start = writer.count
      do {
        do {
          _ = try writeValue(itemType, elements[index], plan: plan, into: &writer)
        } catch {
          try recover(error, type: itemType, start: start, into: &writer)
        }
      } catch {
        popPath()
        throw resuming(error, at: .index(index)) { [self, index] _, writer throws(FieldFailure) in
          try writeItems(elements, from: index + 1, itemType: itemType, plan: plan, into: &writer)
          return false
        }
      }
      popPath()
      index += 1
    }
    writer.write(UInt8(ascii: "]"))
  }
}

extension BuiltInScalar {
  /// Writes what `fastSerialize` gives for `value` as JSON text, straight from the Swift value (no
  /// `JSON` value in between, which cost more than writing the text); false when the value needs
  /// the scalar's `serialize`.
  @inline(__always)
  func write(_ value: any Sendable, into writer: inout JSONByteWriter) -> Bool {
    switch self {
    case .string, .id:
      guard let string = exactCast(value, to: String.self) ?? value as? String else { return false }
      JSONWriter.writeString(string, to: &writer)
    case .int:
      guard let int = exactCast(value, to: Int.self) ?? value as? Int,
        int >= -2_147_483_648 && int <= 2_147_483_647
      else { return false }
      JSONWriter.writeInt(int, to: &writer)
    case .boolean:
      guard let bool = exactCast(value, to: Bool.self) ?? value as? Bool else { return false }
      writer.write(bool ? "true" : "false")
    case .float:
      guard let serialized = fastSerialize(value) else { return false }
      serialized.encode(into: &writer)
    }
    return true
  }
}
