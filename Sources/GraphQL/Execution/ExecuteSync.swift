/// Executes an operation synchronously and returns the response as compact UTF-8 JSON text: the
/// same bytes as `executeSync(...).encoded()`, but written while executing, without building the
/// `JSON` value tree first. For servers, which only send the text.
///
/// A non-null error that propagates up takes back the bytes its fields already wrote and writes
/// `null` in their place, so the output is exactly what the value-tree path encodes.
/// - Parameters: as `executeSync(schema:document:operationName:variableValues:context:rootValue:)`.
/// - Returns: `{"data":...}`, or `{"errors":[...],"data":...}` with field errors, or
///   `{"errors":[...]}` for a request error.
public func executeSyncEncoded<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String? = nil,
  variableValues: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil
) -> [UInt8] {
  switch prepareExecution(
    schema: schema, document: document, operationName: operationName, variableValues: variableValues,
    context: context, rootValue: rootValue)
  {
  case .failure(let failure): return ExecutionResult(data: nil, errors: failure.errors).encoded()
  case .success(let execution): return execution.executeOperationSyncEncoded()
  }
}

/// The synchronous executor: spec section 6 run on the calling thread without any Swift
/// concurrency, writing the response as JSON text while it executes. For schemas whose resolvers
/// are all `.sync` (the HTTP server calls it from plain libmicrohttpd threads); meeting an `.async`
/// resolver is a field error. `executeSync` (the `JSON` value tree) decodes what this writes, so
/// there is one synchronous executor; `ExecuteAsync.swift` follows the same steps in the same
/// order (so errors come out in the same order), and a change here belongs there too.
extension ExecutionContext {
  /// The whole response of the operation as JSON text.
  /// - Parameter fieldErrorCode: an `extensions.code` for field errors that have none (servers
  ///   label them `INTERNAL_SERVER_ERROR`, as Apollo Server does); nil leaves them as they are.
  func executeOperationSyncEncoded(fieldErrorCode: String? = nil) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 4096)
    writer.write("{\"data\":")
    writeDataSync(into: &writer)
    writer.write(UInt8(ascii: "}"))
    var errors = finalErrors
    if errors.isEmpty { return writer.bytes }
    if let fieldErrorCode { errors.setMissingCodes(to: fieldErrorCode) }
    // `errors` goes before `data` (see `ExecutionResult.encoded()`), and is only known now.
    var response = ExecutionResult(data: nil, errors: errors).encoded()
    response.removeLast()
    response.append(UInt8(ascii: ","))
    writer.append(to: &response, from: 1)
    return response
  }

  /// Spec 6.2.1 ExecuteQuery / 6.2.2 ExecuteMutation as a value: the data this executor writes,
  /// decoded, with the errors.
  func executeOperationSync() -> ExecutionResult {
    var writer = JSONByteWriter(capacity: 4096)
    writeDataSync(into: &writer)
    do {
      // The text is our own, as deep as the execution that wrote it went.
      return ExecutionResult(data: try JSON(parsing: writer.bytes, maxDepth: .max), errors: finalErrors)
    } catch {
      return ExecutionResult(
        data: .null,
        errors: finalErrors + [GraphQLError("Internal error: the response did not decode: \(error)")])
    }
  }

  /// The `data` entry's value: the root selection set (mutation fields strictly one after
  /// another, query fields in order too), or `null` when an error reached the root. Field errors
  /// go to `errors`.
  private func writeDataSync(into writer: inout JSONByteWriter) {
    guard let rootType = schema.rootType(for: operation.operation) else {
      errors.append(missingRootTypeError())
      writer.write("null")
      return
    }
    let plans = rootPlans(rootType: rootType)
    let dataStart = writer.count
    do {
      if let typed = resolvers.typed?.roots[rootType.name] {
        try withUnsafeMutablePointer(to: &writer) { output throws(FieldFailure) in
          try typed(plans, TypedExecution(context: self, output: output))
        }
      } else {
        try writeSelectionSetSync(plans, source: rootValue, fields: ObjectFields(rootValue), into: &writer)
      }
    } catch {
      errors.append(error.error)
      writer.truncate(to: dataStart)
      writer.write("null")
    }
  }

  /// Spec 6.3 ExecuteSelectionSet, written as a JSON object.
  func writeSelectionSetSync(
    _ plans: [FieldPlan], source: (any Sendable)?, fields: ObjectFields, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    writer.write(UInt8(ascii: "{"))
    var first = true
    for plan in plans {
      try checkLimits(written: writer.count)
      if !first { writer.write(UInt8(ascii: ",")) }
      first = false
      plan.keyBytes.withUnsafeBufferPointer { writer.write($0) }
      pushPath(.key(plan.responseKey))
      defer { popPath() }
      try writeFieldSync(plan, source: source, fields: fields, into: &writer)
    }
    writer.write(UInt8(ascii: "}"))
  }

  /// Spec 6.4 ExecuteField, written as JSON.
  func writeFieldSync(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    if plan.isTypename {
      JSONWriter.writeString(plan.parentType.name, to: &writer)
      return
    }
    let start = writer.count
    let resolved: (any Sendable)?
    do {
      resolved = try resolveFieldValueSync(plan, source: source, fields: fields)
    } catch {
      try writeFieldError(locatedError(error, plan: plan), type: plan.outputType, start: start, into: &writer)
      return
    }
    do {
      _ = try writeValueSync(plan.outputType, resolved, plan: plan, into: &writer)
    } catch {
      try writeFieldError(error.error, type: plan.outputType, start: start, into: &writer)
    }
  }

  /// Spec 6.4.4 for the encoded path: a nullable position records the error and its partial output
  /// becomes `null`; a non-null one passes the error up.
  private func writeFieldError(
    _ error: GraphQLError, type: OutputType, start: Int, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    _ = try handleFieldError(error, type: type)
    writer.truncate(to: start)
    writer.write("null")
  }

  /// Spec 6.4.3 CompleteValue, written as JSON.
  /// - Returns: whether the value written is `null` (which a non-null type turns into an error).
  func writeValueSync(
    _ type: OutputType, _ value: (any Sendable)?, plan: FieldPlan, into writer: inout JSONByteWriter
  ) throws(FieldFailure) -> Bool {
    if case .nonNull(let inner) = type {
      if try writeValueSync(inner, value, plan: plan, into: &writer) { throw nonNullViolation(plan) }
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
      guard unwrapNull(value) != nil else {
        writer.write("null")
        return true
      }
      let plans = plan.subplans(for: objectType, in: self)
      let fields = ObjectFields(value, needsMembers: ObjectFields.needed(by: plans))
      try writeSelectionSetSync(plans, source: value, fields: fields, into: &writer)
      return false
    default: break
    }
    guard let value = unwrapNull(value) else {
      writer.write("null")
      return true
    }
    switch type {
    case .list(let itemType):
      let elements = try listElements(value, plan: plan)
      writer.write(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { writer.write(UInt8(ascii: ",")) }
        pushPath(.index(index))
        defer { popPath() }
        let start = writer.count
        do {
          _ = try writeValueSync(itemType, element, plan: plan, into: &writer)
        } catch {
          try writeFieldError(error.error, type: itemType, start: start, into: &writer)
        }
      }
      writer.write(UInt8(ascii: "]"))
      return false
    case .abstract(let abstractName):
      let objectType = try resolveAbstractType(abstractName, value, plan: plan)
      let plans = plan.subplans(for: objectType, in: self)
      try writeSelectionSetSync(
        plans, source: value, fields: ObjectFields(value, needsMembers: ObjectFields.needed(by: plans)),
        into: &writer)
      return false
    default:
      let leaf = try completeLeaf(type, value, plan: plan)
      leaf.encode(into: &writer)
      return leaf.isNull
    }
  }
}

extension BuiltInScalar {
  /// Writes what `fastSerialize` gives for `value`, as JSON text; false when the value needs the
  /// scalar's `serialize`.
  @inline(__always)
  func write(_ value: any Sendable, into writer: inout JSONByteWriter) -> Bool {
    guard let serialized = fastSerialize(value) else { return false }
    serialized.encode(into: &writer)
    return true
  }
}
