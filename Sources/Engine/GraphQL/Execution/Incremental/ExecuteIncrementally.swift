@_spi(Encoding) import GraphQLWire

/// One payload of an incremental response, as JSON text.
public struct IncrementalPayload: Sendable {
  /// The payload: an ordinary response when the first payload has `hasNext` false, else graphql-js
  /// 17's initial result and then its subsequent results.
  public let body: [UInt8]
  /// Whether more payloads follow.
  public let hasNext: Bool

  public init(body: [UInt8], hasNext: Bool) {
    self.body = body
    self.hasNext = hasNext
  }
}

/// The shape of incremental payloads.
public enum IncrementalFormat: Sendable, Hashable {
  /// graphql-js 17 (Apollo Server 5.1+, Apollo Kotlin 5): `pending` with ids, then `incremental`
  /// entries by id and `completed` (`multipart/mixed;incrementalSpec=v0.2`).
  case incrementalSpecV0_2
  /// Apollo's earlier format (Apollo iOS 1.x/2.x, Apollo Router): `{"data":…,"hasNext":true}`,
  /// then `{"incremental":[{"data":…,"path":[…],"label"?}],"hasNext":…}`
  /// (`multipart/mixed;deferSpec=20220824`).
  case deferSpec20220824
}

/// Executes an operation with `@defer` and `@stream` honoured (graphql-js 17's
/// `experimentalExecuteIncrementally`): the payloads in order, the first as soon as the fields
/// that are not deferred are written. An operation that defers nothing (no `@defer`/`@stream`,
/// all disabled, or all merged into the initial fields) gives one ordinary response, the same
/// bytes `execute` gives.
///
/// - Parameters: as `execute(schema:document:operationName:variableValues:context:rootValue:)`;
///   `fieldErrorCode`, an `extensions.code` for field errors that have none.
/// - Returns: the payloads; the execution runs in a task of its own, cancelled when the stream is
///   dropped.
public func executeIncrementally<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String? = nil,
  variableValues: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil,
  onError: ErrorBehavior? = nil, fieldErrorCode: String? = nil,
  format: IncrementalFormat = .incrementalSpecV0_2
) -> AsyncStream<IncrementalPayload> {
  AsyncStream { continuation in
    let task = Task {
      switch prepareExecution(
        schema: schema, document: document, operationName: operationName, variableValues: variableValues,
        context: context, rootValue: rootValue, onError: onError, incremental: true)
      {
      case .failure(let failure):
        continuation.yield(
          IncrementalPayload(
            body: ExecutionResult(data: nil, errors: failure.errors).encoded(), hasNext: false))
      case .success(let execution):
        await execution.executeIncrementally(fieldErrorCode: fieldErrorCode, format: format) { payload in
          continuation.yield(payload)
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
  }
}

extension ExecutionContext {
  /// Runs the operation incrementally, handing each payload to `deliver` as it is ready.
  func executeIncrementally(
    fieldErrorCode: String?, format: IncrementalFormat, deliver: (IncrementalPayload) -> Void
  ) async {
    canSuspend = true
    guard let state = incremental, let rootType = schema.rootType(for: operation.operation) else {
      errors.append(missingRootTypeError())
      var writer = JSONByteWriter(capacity: 64)
      writer.write("{\"data\":null")
      deliver(IncrementalPayload(body: finish(writer, fieldErrorCode: fieldErrorCode).body, hasNext: false))
      return
    }
    state.beginUnit(usageSet: nil)
    let level = incrementalLevel(rootType, [(operation.selectionSet, nil)], state)
    let (plans, planned) = planIncremental(level, at: [], parentType: rootType, source: rootValue, state)
    var writer = JSONByteWriter(capacity: 4096)
    writer.write("{\"data\":")
    let dataStart = writer.count
    var failed = false
    do {
      _ = try await Suspension.run(&writer) { [self] writer throws(FieldFailure) in
        try writeSelectionSet(plans, source: rootValue, fields: ObjectFields(rootValue), into: &writer)
        return false
      }
    } catch {
      if case .error(let error) = error.reason { errors.append(error) }
      writer.truncate(to: dataStart)
      writer.write("null")
      failed = true
    }
    if !failed { state.commit(planned) }
    let work = state.finishUnit()
    if failed || (work.tasks.isEmpty && work.streams.isEmpty) {
      deliver(IncrementalPayload(body: finish(writer, fieldErrorCode: fieldErrorCode).body, hasNext: false))
      return
    }
    let execution = IncrementalExecution(
      context: self, state: state, work: work, fieldErrorCode: fieldErrorCode, format: format)
    // `{"errors":…,"data":…,"pending":…,"hasNext":true}`: the ordinary response's order, then
    // graphql-js 17's entries.
    var initial = finish(writer, fieldErrorCode: fieldErrorCode).body
    initial.removeLast()
    if format == .incrementalSpecV0_2 {
      initial += Array(",\"pending\":".utf8)
      initial += execution.initialPending()
    }
    initial += Array(",\"hasNext\":true}".utf8)
    deliver(IncrementalPayload(body: initial, hasNext: true))
    while !Task.isCancelled, let payload = await execution.next() {
      deliver(IncrementalPayload(body: payload, hasNext: !execution.isDone))
      if execution.isDone { return }
    }
  }
}
