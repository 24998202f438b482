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
  private let format: IncrementalFormat
  /// The index of each stream's next item (for `deferSpec` paths), by stream.
  private var nextItemIndex: [ObjectIdentifier: Int] = [:]
  private var ids: [ObjectIdentifier: String] = [:]
  private var nextID = 0
  private var isStarted = false
  private var isFinished = false

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

  private func id(of object: AnyObject) -> String {
    if let known = ids[ObjectIdentifier(object)] { return known }
    let id = String(nextID)
    nextID += 1
    ids[ObjectIdentifier(object)] = id
    return id
  }

  private func forget(_ object: AnyObject) { ids[ObjectIdentifier(object)] = nil }

  private func pendingJSON(_ groups: [DeliveryGroup], _ streams: [ItemStream]) -> [UInt8] {
    var entries: [JSON] = []
    for group in groups { entries.append(pendingEntry(id(of: group), group.path, group.label)) }
    for stream in streams { entries.append(pendingEntry(id(of: stream), stream.path, stream.label)) }
    return JSON.array(entries).encoded()
  }

  private func pendingEntry(_ id: String, _ path: [PathComponent], _ label: String?) -> JSON {
    var object = JSONObject()
    object.appendUnchecked("id", .string(id))
    object.appendUnchecked("path", .array(path.map(\.json)))
    if let label { object.appendUnchecked("label", .string(label)) }
    return .object(object)
  }

  /// One subsequent payload in the response's format.
  private func payload(_ events: [IncrementalWorkQueue.Event]) -> [UInt8] {
    switch format {
    case .incrementalSpecV0_2: payloadV0_2(events)
    case .deferSpec20220824: deferSpecPayload(events)
    }
  }

  /// One subsequent payload: graphql-core's `_handle_batch`.
  private func payloadV0_2(_ events: [IncrementalWorkQueue.Event]) -> [UInt8] {
    var hasNext = true
    var pending: [JSON] = []
    var incremental: [[UInt8]] = []
    var completed: [JSON] = []
    func announce(_ groups: [DeliveryGroup], _ streams: [ItemStream]) {
      for group in groups { pending.append(pendingEntry(id(of: group), group.path, group.label)) }
      for stream in streams { pending.append(pendingEntry(id(of: stream), stream.path, stream.label)) }
    }
    func complete(_ object: AnyObject, _ errors: [GraphQLError]?) {
      var entry = JSONObject()
      entry.appendUnchecked("id", .string(id(of: object)))
      if let errors { entry.appendUnchecked("errors", .array(errors.map(\.json))) }
      completed.append(.object(entry))
      forget(object)
    }
    for event in events {
      switch event {
      case .groupValues(let group, let values):
        let groupID = id(of: group)
        for value in values {
          let (bestID, subPath) = best(groupID, group, value)
          var entry: [UInt8] = Array("{\"data\":".utf8)
          entry += value.data
          entry += Array(",\"id\":".utf8)
          JSON.string(bestID).encode(into: &entry)
          if !subPath.isEmpty {
            entry += Array(",\"subPath\":".utf8)
            JSON.array(subPath.map(\.json)).encode(into: &entry)
          }
          appendErrors(value.errors, to: &entry)
          entry.append(UInt8(ascii: "}"))
          incremental.append(entry)
        }
      case .groupSuccess(let group, let newGroups, let newStreams):
        complete(group, nil)
        announce(newGroups, newStreams)
      case .groupFailure(let group, let error):
        complete(group, [error])
      case .streamValues(let stream, let values, let newGroups, let newStreams):
        var entry: [UInt8] = Array("{\"items\":[".utf8)
        for (index, value) in values.enumerated() {
          if index > 0 { entry.append(UInt8(ascii: ",")) }
          entry += value.item
        }
        entry += Array("],\"id\":".utf8)
        JSON.string(id(of: stream)).encode(into: &entry)
        appendErrors(values.flatMap(\.errors), to: &entry)
        entry.append(UInt8(ascii: "}"))
        incremental.append(entry)
        announce(newGroups, newStreams)
      case .streamSuccess(let stream):
        complete(stream, nil)
      case .streamFailure(let stream, let error):
        complete(stream, [error])
      case .termination:
        hasNext = false
      }
    }
    if !hasNext { isFinished = true }
    var out: [UInt8] = Array("{\"hasNext\":".utf8)
    out += Array((hasNext ? "true" : "false").utf8)
    if !pending.isEmpty {
      out += Array(",\"pending\":".utf8)
      JSON.array(pending).encode(into: &out)
    }
    if !incremental.isEmpty {
      out += Array(",\"incremental\":[".utf8)
      for (index, entry) in incremental.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out += entry
      }
      out.append(UInt8(ascii: "]"))
    }
    if !completed.isEmpty {
      out += Array(",\"completed\":".utf8)
      JSON.array(completed).encode(into: &out)
    }
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// One subsequent payload in Apollo's `deferSpec=20220824` (graphql-js 17's alphas before
  /// `pending`/`id`): `{"incremental":[…],"hasNext":…}`, each entry with its full `path` (a
  /// stream's with the index of its first item) and its fragment's `label`. Announcements and
  /// completions have no entry; a failed fragment or stream is an entry with `data`/`items` null
  /// and its error. `incremental` is there even when empty, so every part has the keys Apollo's
  /// clients require.
  private func deferSpecPayload(_ events: [IncrementalWorkQueue.Event]) -> [UInt8] {
    var hasNext = true
    var entries: [[UInt8]] = []
    func entry(
      _ key: String, _ value: [UInt8], _ path: [PathComponent], _ label: String?, _ errors: [GraphQLError]
    )
      -> [UInt8]
    {
      var entry: [UInt8] = Array("{\"\(key)\":".utf8) + value
      entry += Array(",\"path\":".utf8)
      JSON.array(path.map(\.json)).encode(into: &entry)
      if let label {
        entry += Array(",\"label\":".utf8)
        JSON.string(label).encode(into: &entry)
      }
      appendErrors(errors, to: &entry)
      entry.append(UInt8(ascii: "}"))
      return entry
    }
    func startIndex(_ stream: ItemStream) -> Int {
      nextItemIndex[ObjectIdentifier(stream)] ?? stream.firstIndex
    }
    for event in events {
      switch event {
      case .groupValues(let group, let values):
        for value in values {
          entries.append(entry("data", value.data, value.path, group.label, value.errors))
        }
      case .groupFailure(let group, let error):
        entries.append(entry("data", Array("null".utf8), group.path, group.label, [error]))
      case .streamValues(let stream, let values, _, _):
        let first = startIndex(stream)
        nextItemIndex[ObjectIdentifier(stream)] = first + values.count
        var items: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in values.enumerated() {
          if index > 0 { items.append(UInt8(ascii: ",")) }
          items += value.item
        }
        items.append(UInt8(ascii: "]"))
        entries.append(
          entry("items", items, stream.path + [.index(first)], stream.label, values.flatMap(\.errors)))
      case .streamFailure(let stream, let error):
        entries.append(
          entry(
            "items", Array("null".utf8), stream.path + [.index(startIndex(stream))], stream.label, [error]))
      case .groupSuccess, .streamSuccess: break
      case .termination: hasNext = false
      }
    }
    if !hasNext { isFinished = true }
    var out: [UInt8] = Array("{\"incremental\":[".utf8)
    for (index, entry) in entries.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += entry
    }
    out += Array("],\"hasNext\":\(hasNext)}".utf8)
    return out
  }

  private func appendErrors(_ errors: [GraphQLError], to entry: inout [UInt8]) {
    guard !errors.isEmpty else { return }
    entry += Array(",\"errors\":".utf8)
    JSON.array(errors.map(\.json)).encode(into: &entry)
  }

  /// graphql-js 17's `_getBestIdAndSubPath`: an execution group shared by several fragments goes
  /// out under the announced one deepest in the response, with the rest of its path as `subPath`.
  private func best(_ groupID: String, _ group: DeliveryGroup, _ value: ExecutionGroupValue)
    -> (String, ArraySlice<PathComponent>)
  {
    var maxLength = group.path.count
    var bestID = groupID
    for other in value.groups where other !== group {
      guard let otherID = ids[ObjectIdentifier(other)] else { continue }
      if other.path.count > maxLength {
        maxLength = other.path.count
        bestID = otherID
      }
    }
    return (bestID, value.path.dropFirst(maxLength))
  }
}
