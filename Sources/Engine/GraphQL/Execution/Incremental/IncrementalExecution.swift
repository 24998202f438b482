@_spi(Encoding) import GraphQLWire

/// An incremental execution after its initial result: runs the execution groups and streams the
/// work queue releases and writes each batch of events as one subsequent payload.
///
/// Tasks run one at a time, in the order graphql-core 3.3 completes them when every resolver
/// answers at once, so the payloads are graphql-core's. When a task has to wait for an `.async`
/// resolver, what is ready goes out first (the payload ends there) and the task finishes in the
/// next one: a slow deferred fragment never holds back one already done.
final class IncrementalExecution {
  private let context: ExecutionContext
  private let state: IncrementalState
  private let queue: IncrementalWorkQueue
  private let fieldErrorCode: String?
  let format: IncrementalFormat
  /// The index of each stream's next item (for `deferSpec` paths), by stream.
  var nextItemIndex: [ObjectIdentifier: Int] = [:]
  var ids: [ObjectIdentifier: String] = [:]
  private var nextID = 0
  private var isStarted = false
  var isFinished = false

  /// Whether the last payload given out had `hasNext: false`.
  var isDone: Bool { isFinished }
  /// A task that had to wait when a payload was ready: finished first by the next call.
  private var waitingTask: (() async -> IncrementalWorkQueue.GraphEvent)?
  /// Stream failures after delivered items: graphql-core delivers them in the next payload.
  private var heldStreamFailures: [(ItemStream, GraphQLError)] = []

  init(
    context: ExecutionContext, state: IncrementalState, work: IncrementalWork, fieldErrorCode: String?,
    format: IncrementalFormat
  ) {
    self.format = format
    self.context = context
    self.state = state
    self.queue = IncrementalWorkQueue(initial: work)
    self.fieldErrorCode = fieldErrorCode
  }

  /// The `pending` entries of the initial payload.
  func initialPending() -> [UInt8] {
    pendingJSON(queue.initialGroups, queue.initialStreams)
  }

  /// The next subsequent payload, or nil after the one with `hasNext: false`.
  func next() async -> [UInt8]? {
    guard !isFinished else { return nil }
    if !isStarted {
      isStarted = true
      queue.start()
    }
    var events: [IncrementalWorkQueue.Event] = []
    if let waiting = waitingTask {
      waitingTask = nil
      events += queue.handle(await waiting())
    }
    while true {
      if let graphEvent = queue.nextGraphEvent() {
        guard case .run(let task) = graphEvent else {
          events += queue.handle(graphEvent)
          continue
        }
        // `onError: HALT` stopped the execution: nothing more runs.
        if context.isHalted { continue }
        switch run(task) {
        case .done(let result): events += queue.handle(result)
        case .waiting(let rest):
          if events.isEmpty {
            events += queue.handle(await rest())
          } else {
            waitingTask = rest
            return payload(events)
          }
        }
        continue
      }
      if let termination = queue.terminationIfDone() {
        events.append(termination)
        break
      }
      // After `onError: HALT`'s error the failed fragment or stream completes with it and the
      // response ends there (a stream's failure held for the next payload goes out first).
      if context.isHalted, heldStreamFailures.isEmpty {
        events.append(.termination)
        break
      }
      if !events.isEmpty { break }
      if !heldStreamFailures.isEmpty {
        for (stream, error) in heldStreamFailures { queue.channel.append(.streamFailure(stream, error)) }
        heldStreamFailures = []
        continue
      }
      let streams = queue.streamsToPump()
      guard !streams.isEmpty else {
        // Nothing left to run yet work remains: cannot happen; end rather than spin.
        events.append(.termination)
        break
      }
      for stream in streams {
        stream.isPumped = true
        queue.channel.append(contentsOf: await pump(stream))
      }
    }
    return payload(events)
  }

  // MARK: - Units

  private enum TaskStart {
    case done(IncrementalWorkQueue.GraphEvent)
    case waiting(() async -> IncrementalWorkQueue.GraphEvent)
  }

  /// The writer of a unit that may outlive a call (a waiting task).
  private final class WriterBox {
    var writer = JSONByteWriter(capacity: 1024)
  }

  private func beginUnit(at path: [PathComponent], usageSet: DeferUsageSet?) {
    context.errors = []
    context.replacePath(with: path)
    state.beginUnit(usageSet: usageSet)
  }

  private func unitErrors() -> [GraphQLError] {
    var errors = context.finalErrors
    if let fieldErrorCode { errors.setMissingCodes(to: fieldErrorCode) }
    context.errors = []
    return errors
  }

  private func run(_ task: ExecutionGroupTask) -> TaskStart {
    beginUnit(at: task.path, usageSet: task.usageSet)
    let box = WriterBox()
    let fields = ObjectFields(task.source, needsMembers: ObjectFields.needed(by: task.plans))
    do {
      try context.writeSelectionSet(task.plans, source: task.source, fields: fields, into: &box.writer)
      return .done(success(task, box))
    } catch {
      switch error.reason {
      case .error(let error): return .done(failure(task, error))
      case .suspended(let suspension):
        return .waiting { [self] in
          do throws(FieldFailure) {
            _ = try await suspension.resume(&box.writer)
            return success(task, box)
          } catch {
            // A suspension's rest throws errors only (see `Suspension.resume`).
            guard case .error(let error) = error.reason else {
              return failure(task, GraphQLError("suspended"))
            }
            return failure(task, error)
          }
        }
      }
    }
  }

  private func success(_ task: ExecutionGroupTask, _ box: WriterBox) -> IncrementalWorkQueue.GraphEvent {
    let errors = unitErrors()
    let work = state.finishUnit()
    return .taskSuccess(
      task, ExecutionGroupValue(groups: task.groups, path: task.path, data: box.writer.bytes, errors: errors),
      work)
  }

  private func failure(_ task: ExecutionGroupTask, _ error: GraphQLError) -> IncrementalWorkQueue.GraphEvent {
    _ = unitErrors()
    _ = state.finishUnit()
    var error = error
    if let fieldErrorCode, error.code == nil { error = error.withCode(fieldErrorCode) }
    return .taskFailure(task, error)
  }

  /// Completes a stream's items (graphql-core's stream item queue): one graph event with the
  /// items up to the end or the first that fails, whose failure comes after.
  private func pump(_ stream: ItemStream) async -> [IncrementalWorkQueue.GraphEvent] {
    var items: [(StreamItemValue, IncrementalWork)] = []
    var failure: GraphQLError?
    for (offset, item) in stream.items.enumerated() {
      beginUnit(at: stream.path + [.index(stream.firstIndex + offset)], usageSet: nil)
      let box = WriterBox()
      do throws(FieldFailure) {
        _ = try await Suspension.run(&box.writer) { [context] writer throws(FieldFailure) in
          do throws(FieldFailure) {
            _ = try context.writeValue(stream.itemType, item, plan: stream.plan, into: &writer)
          } catch {
            try context.recover(error, type: stream.itemType, start: 0, into: &writer)
          }
          return false
        }
      } catch {
        _ = unitErrors()
        _ = state.finishUnit()
        if case .error(var error) = error.reason {
          if let fieldErrorCode, error.code == nil { error = error.withCode(fieldErrorCode) }
          failure = error
        }
        break
      }
      let errors = unitErrors()
      items.append((StreamItemValue(item: box.writer.bytes, errors: errors), state.finishUnit()))
    }
    if let failure {
      if items.isEmpty { return [.streamFailure(stream, failure)] }
      heldStreamFailures.append((stream, failure))
      return [.streamItems(stream, items, stopped: false)]
    }
    if items.isEmpty { return [.streamSuccess(stream)] }
    return [.streamItems(stream, items, stopped: true)]
  }

  // MARK: - Payloads

  func id(of object: AnyObject) -> String {
    if let known = ids[ObjectIdentifier(object)] { return known }
    let id = String(nextID)
    nextID += 1
    ids[ObjectIdentifier(object)] = id
    return id
  }

  func forget(_ object: AnyObject) { ids[ObjectIdentifier(object)] = nil }

  private func pendingJSON(_ groups: [DeliveryGroup], _ streams: [ItemStream]) -> [UInt8] {
    var entries: [JSON] = []
    for group in groups { entries.append(pendingEntry(id(of: group), group.path, group.label)) }
    for stream in streams { entries.append(pendingEntry(id(of: stream), stream.path, stream.label)) }
    return JSON.array(entries).encoded()
  }

  func pendingEntry(_ id: String, _ path: [PathComponent], _ label: String?) -> JSON {
    var object = JSONObject()
    object.appendUnchecked("id", .string(id))
    object.appendUnchecked("path", .array(path.map(\.json)))
    if let label { object.appendUnchecked("label", .string(label)) }
    return .object(object)
  }
}
