@_spi(Encoding) import GraphQLWire

extension IncrementalExecution {
  /// One subsequent payload in the response's format.
  func payload(_ events: [IncrementalWorkQueue.Event]) -> [UInt8] {
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
