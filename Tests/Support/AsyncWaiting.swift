/// The first `count` elements of `stream`, or fewer when it ends or `limit` passes (a bound
/// against a hang, not a speed requirement).
public func collect<Stream: AsyncSequence & Sendable>(
  _ stream: Stream, count: Int, within limit: Duration = .seconds(20)
) async -> [Stream.Element] where Stream.Element: Sendable, Stream.Failure == Never {
  await withTaskGroup(of: [Stream.Element]?.self) { group in
    group.addTask {
      var elements: [Stream.Element] = []
      guard count > 0 else { return elements }
      for await element in stream {
        elements.append(element)
        if elements.count == count { break }
      }
      return elements
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first ?? []
  }
}

/// Whether `condition` became true within `limit` (a hang guard, not a timer), looking every 10 ms.
public func waitUntil(within limit: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while clock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
