@_spi(Encoding) import GraphQLWire

/// Executes an operation synchronously and returns the response as compact UTF-8 JSON text: the
/// same bytes as `executeSync(...).encoded()`, written while executing, without building the
/// `JSON` value tree first. For servers, which only send the text.
///
/// A non-null error that propagates up takes back the bytes its fields already wrote and writes
/// `null` in their place, so the output is exactly what the value-tree path encodes.
/// - Parameters: as `executeSync(schema:document:operationName:variableValues:context:rootValue:)`.
/// - Returns: `{"data":...}`, or `{"errors":[...],"data":...}` with field errors, or
///   `{"errors":[...]}` for a request error.
public func executeSyncEncoded<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String? = nil,
  variableValues: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil,
  onError: ErrorBehavior? = nil
) -> [UInt8] {
  switch prepareExecution(
    schema: schema, document: document, operationName: operationName, variableValues: variableValues,
    context: context, rootValue: rootValue, onError: onError)
  {
  case .failure(let failure): return ExecutionResult(data: nil, errors: failure.errors).encoded()
  case .success(let execution): return execution.executeOperationEncoded().body
  }
}

/// An execution's response as JSON text, and its errors as values.
struct EncodedExecution {
  let errors: [GraphQLError]
  let body: [UInt8]

  /// The response as a value: the data decoded, the errors as they are.
  var result: ExecutionResult { ExecutionResult(decodingDataOf: body, errors: errors) }
}

extension ExecutionResult {
  /// The result whose response text the executor or the pipeline wrote: `data` decoded from
  /// `body` (nil when the body has none), `errors` as the values they were written from.
  init(decodingDataOf body: [UInt8], errors: [GraphQLError]) {
    do {
      // The text is our own, as deep as the execution that wrote it went.
      self.init(data: try JSON(parsing: body, maxDepth: .max).objectValue?["data"], errors: errors)
    } catch {
      self.init(
        data: .null, errors: errors + [GraphQLError("Internal error: the response did not decode: \(error)")])
    }
  }
}

/// The executor: spec section 6, one implementation for every caller. It writes the response as
/// JSON text while it executes and runs synchronously, on the calling thread and without Swift
/// concurrency, until a field's resolver is `.async`; that field then suspends the execution (see
/// `Suspension`) and the asynchronous entry point awaits the rest, which the same functions write.
/// The synchronous entry points cannot wait: there an `.async` resolver is a field error.
///
/// Generated selection writers (`TypedExecution`) stand in for the generic field loop of a
/// synchronous execution and call back into these functions for what they do not type; an
/// execution that may suspend runs the generic loop, so nothing suspends inside generated code.
extension ExecutionContext {
  /// The whole response of the operation, run to the end on the calling thread.
  /// - Parameter fieldErrorCode: an `extensions.code` for field errors that have none (servers
  ///   label them `INTERNAL_SERVER_ERROR`, as Apollo Server does); nil leaves them as they are.
  func executeOperationEncoded(fieldErrorCode: String? = nil) -> EncodedExecution {
    var writer = JSONByteWriter(capacity: 4096)
    writer.write("{\"data\":")
    let start = writer.count
    if writeData(into: &writer) != nil {
      // Unreachable: `.async` resolvers are field errors unless `canSuspend`.
      errors.append(GraphQLError("Internal error: a synchronous execution suspended."))
      writer.truncate(to: start)
      writer.write("null")
    }
    return finish(writer, fieldErrorCode: fieldErrorCode)
  }

  /// The whole response of the operation, awaiting `.async` resolvers.
  func executeOperationEncoded(fieldErrorCode: String? = nil) async -> EncodedExecution {
    canSuspend = true
    var writer = JSONByteWriter(capacity: 4096)
    writer.write("{\"data\":")
    if let suspension = writeData(into: &writer) {
      // The root's suspension handles its own errors (`writeData`): it throws none.
      _ = try? await suspension.resume(&writer)
    }
    return finish(writer, fieldErrorCode: fieldErrorCode)
  }

  /// `{"data":...}` as written, or with the errors first (see `ExecutionResult.encoded()`), which
  /// are only known once the data is.
  func finish(_ writer: consuming JSONByteWriter, fieldErrorCode: String?) -> EncodedExecution {
    writer.write(UInt8(ascii: "}"))
    var errors = finalErrors
    if errors.isEmpty { return EncodedExecution(errors: [], body: writer.bytes) }
    if let fieldErrorCode { errors.setMissingCodes(to: fieldErrorCode) }
    var response = ExecutionResult(data: nil, errors: errors).encoded()
    response.removeLast()
    response.append(UInt8(ascii: ","))
    writer.append(to: &response, from: 1)
    return EncodedExecution(errors: errors, body: response)
  }

  /// The `data` entry's value: the root selection set (mutation fields strictly one after
  /// another, query fields in order too), or `null` when an error reached the root. Field errors
  /// go to `errors`.
  /// - Returns: the rest of the execution when it suspended (it handles its own errors).
  private func writeData(into writer: inout JSONByteWriter) -> Suspension? {
    guard let rootType = schema.rootType(for: operation.operation) else {
      errors.append(missingRootTypeError())
      writer.write("null")
      return nil
    }
    let plans = rootPlans(rootType: rootType)
    let dataStart = writer.count
    do {
      if !canSuspend, let typed = resolvers.typed?.roots[rootType.name] {
        try withUnsafeMutablePointer(to: &writer) { output throws(FieldFailure) in
          try typed(plans, TypedExecution(context: self, output: output))
        }
      } else {
        try writeSelectionSet(plans, source: rootValue, fields: ObjectFields(rootValue), into: &writer)
      }
    } catch {
      switch error.reason {
      case .error(let error):
        self.errors.append(error)
        writer.truncate(to: dataStart)
        writer.write("null")
      case .suspended(let suspension):
        return Suspension { [self] writer throws(FieldFailure) in
          do throws(FieldFailure) {
            _ = try await suspension.resume(&writer)
          } catch {
            if case .error(let error) = error.reason { errors.append(error) }
            writer.truncate(to: dataStart)
            writer.write("null")
          }
          return false
        }
      }
    }
    return nil
  }

  /// Spec 6.3 ExecuteSelectionSet, written as a JSON object.
  func writeSelectionSet(
    _ plans: [FieldPlan], source: (any Sendable)?, fields: ObjectFields, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    writer.write(UInt8(ascii: "{"))
    try writeFields(plans, from: 0, source: source, fields: fields, into: &writer)
  }

  /// The fields of a selection set from the `first`th on, and the closing brace.
  private func writeFields(
    _ plans: [FieldPlan], from first: Int, source: (any Sendable)?, fields: ObjectFields,
    into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    var index = first
    while index < plans.count {
      let plan = plans[index]
      try checkLimits(written: writer.count)
      plan.writeKey(first: index == 0, into: &writer)
      // Most fields are members read by the default resolver and written as they are: such a
      // field cannot fail, so it needs no response path (only errors and resolvers read it).
      if !plan.isTypename, plan.resolution == nil, let leaf = plan.builtInLeaf,
        let value = fields.value(plan.definition.name), leaf.write(value, into: &writer)
      {
        index += 1
        continue
      }
      pushPath(field: plan)
      do {
        try writeField(plan, source: source, fields: fields, into: &writer)
      } catch {
        popPath()
        throw resuming(error, at: .field(plan)) { [self, index] _, writer throws(FieldFailure) in
          try writeFields(plans, from: index + 1, source: source, fields: fields, into: &writer)
          return false
        }
      }
      popPath()
      index += 1
    }
    writer.write(UInt8(ascii: "}"))
  }

  /// Spec 6.4 ExecuteField (with 6.4.2 ResolveFieldValue), written as JSON.
  func writeField(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    if plan.isTypename {
      JSONWriter.writeString(plan.parentType.name, to: &writer)
      return
    }
    let start = writer.count
    guard let resolution = plan.resolution else {
      // Bound as a value (moved out of the lookup's result), so completing it copies no
      // `Optional` existential through its generic value witnesses.
      guard let value = fields.value(plan.definition.name) else {
        return try writeCompletedField(nil, plan, start: start, into: &writer)
      }
      return try writePresentField(value, plan, start: start, into: &writer)
    }
    let arguments: JSONObject
    do {
      arguments = try self.arguments(plan, resolution)
    } catch {
      return try writeFieldError(
        locatedError(error, plan: plan), type: plan.outputType, start: start, into: &writer)
    }
    let resolved: (any Sendable)?
    switch resolution.resolver {
    case .sync(let resolve):
      do {
        resolved = try resolve(source, arguments, contextBox, resolveInfo(resolution))
      } catch {
        return try writeFieldError(
          locatedError(error, plan: plan), type: plan.outputType, start: start, into: &writer)
      }
    case .async(let resolve):
      guard canSuspend else {
        let error = GraphQLError(
          "Field \"\(plan.parentType.name).\(plan.definition.name)\" has an async resolver, which the synchronous executor cannot run; use execute(...) async."
        )
        return try writeFieldError(
          locatedError(error, plan: plan), type: plan.outputType, start: start, into: &writer)
      }
      let info = resolveInfo(resolution)
      let contextBox = contextBox
      throw FieldFailure(
        suspension: Suspension { [self] writer throws(FieldFailure) in
          let resolved: (any Sendable)?
          do {
            resolved = try await resolve(source, arguments, contextBox, info)
          } catch {
            try writeFieldError(
              locatedError(error, plan: plan), type: plan.outputType, start: start, into: &writer)
            return false
          }
          return try await Suspension.run(&writer) { [self] writer throws(FieldFailure) in
            try writeCompletedField(resolved, plan, start: start, into: &writer)
            return false
          }
        })
    }
    guard let value = resolved else { return try writeCompletedField(nil, plan, start: start, into: &writer) }
    try writePresentField(value, plan, start: start, into: &writer)
  }

  /// `writeCompletedField` for a value known to be present.
  private func writePresentField(
    _ value: any Sendable, _ plan: FieldPlan, start: Int, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    if let leaf = plan.builtInLeaf, leaf.write(value, into: &writer) { return }
    do {
      _ = try writeValue(plan.outputType, value, plan: plan, into: &writer)
    } catch {
      try recover(error, type: plan.outputType, start: start, into: &writer)
    }
  }

  /// Spec 6.4 ExecuteField's last step: the resolved value completed, or the field's error.
  private func writeCompletedField(
    _ resolved: (any Sendable)?, _ plan: FieldPlan, start: Int, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    // Most fields are built-in scalars holding a plain value: written here, as `writeValue` would
    // (its first step for such a type, null or not), without its walk down the type's cases.
    if let leaf = plan.builtInLeaf, let resolved, leaf.write(resolved, into: &writer) { return }
    do {
      _ = try writeValue(plan.outputType, resolved, plan: plan, into: &writer)
    } catch {
      try recover(error, type: plan.outputType, start: start, into: &writer)
    }
  }

  /// Spec 6.4.4 for a value of `type` that started at `start`: a nullable position records the
  /// error and its partial output becomes `null`; a non-null one passes the error up. A
  /// suspension passes up with this handling added to its rest.
  func recover(
    _ failure: FieldFailure, type: OutputType, start: Int, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    switch failure.reason {
    case .error(let error):
      try writeFieldError(error, type: type, start: start, into: &writer)
    case .suspended(let suspension):
      throw FieldFailure(
        suspension: Suspension { [self] writer throws(FieldFailure) in
          do throws(FieldFailure) {
            _ = try await suspension.resume(&writer)
          } catch {
            guard case .error(let error) = error.reason else { throw error }
            try writeFieldError(error, type: type, start: start, into: &writer)
          }
          return false
        })
    }
  }

  /// A failure, or, for a suspension, one whose rest then runs `rest` with what the suspended
  /// step returned: the work a step had left when a callee suspended. `step` is the response
  /// path's step the step had pushed for the callee (and popped while unwinding); the suspension
  /// holds its plan, which the path does not.
  func resuming(
    _ failure: FieldFailure, at step: ResumedStep? = nil,
    then rest: @escaping (Bool, inout JSONByteWriter) throws(FieldFailure) -> Bool
  ) -> FieldFailure {
    guard case .suspended(let suspension) = failure.reason else { return failure }
    return FieldFailure(
      suspension: Suspension { [self] writer throws(FieldFailure) in
        switch step {
        case .field(let plan)?: pushPath(field: plan)
        case .index(let index)?: pushPath(index: index)
        case nil: break
        }
        let returned: Bool
        do throws(FieldFailure) {
          returned = try await suspension.resume(&writer)
        } catch {
          if step != nil { popPath() }
          throw error
        }
        if step != nil { popPath() }
        return try await Suspension.run(&writer) { writer throws(FieldFailure) in try rest(returned, &writer)
        }
      })
  }

  /// Spec 6.4.4 for the encoded path: a nullable position records the error and its partial output
  /// becomes `null`; a non-null one passes the error up.
  private func writeFieldError(
    _ error: GraphQLError, type: OutputType, start: Int, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    _ = try handleFieldError(error, type: type)
    if let incremental { incremental.nulledPositions.insert(path) }
    writer.truncate(to: start)
    writer.write("null")
  }

  /// graphql-js's error for an operation type the schema has no root type for.
  func missingRootTypeError() -> GraphQLError {
    GraphQLError(
      "Schema is not configured to execute \(operation.operation.rawValue) operation.", source: source,
      ranges: [operation.range])
  }
}

/// The response path's step a suspended field or list item had pushed, held until it resumes.
enum ResumedStep {
  case field(FieldPlan)
  case index(Int)
}
