import Dispatch
import Glibc
import GraphQL
import GraphQLHTTP
import GraphQLWire
import Synchronization

/// `FakeGraphQLService` with subscriptions: a query containing `subscription` streams
/// `{"data":{"tick":N}}` for each value the test publishes on `hub`; `finite` ends the stream after
/// two values, `big` pads each with 64 KiB. `connection_init` credentials equal to `forbidden` are refused (4403).
struct StreamingFakeService: GraphQLService {
  let hub = EventHub()
  let base = FakeGraphQLService()

  /// Fans published values out to every open stream.
  final class EventHub: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<Int>.Continuation]>([:])
    private let nextKey = Atomic<Int>(0)
    /// Streams that ended because their consumer went away.
    let released = Atomic<Int>(0)

    func subscribe() -> AsyncStream<Int> {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(64))
      let key = nextKey.add(1, ordering: .relaxed).newValue
      continuation.onTermination = { [weak self] _ in
        guard let self else { return }
        if subscribers.withLock({ $0.removeValue(forKey: key) }) != nil {
          released.add(1, ordering: .relaxed)
        }
      }
      subscribers.withLock { $0[key] = continuation }
      return stream
    }

    var count: Int { subscribers.withLock { $0.count } }

    func publish(_ value: Int) {
      for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    /// Waits (up to 60 s, a hang guard) until `count` streams are open.
    @discardableResult func waitForSubscribers(_ count: Int) -> Bool {
      waitFor { self.count >= count }
    }

    /// Waits (up to 60 s, a hang guard) until at most `count` streams are open: a stream is
    /// released on the server's tasks after its consumer went away, which a loaded machine may
    /// take seconds to run.
    @discardableResult func waitForAtMost(_ count: Int) -> Bool {
      waitFor { self.count <= count }
    }

    private func waitFor(_ condition: () -> Bool) -> Bool {
      let deadline = ContinuousClock.now + .seconds(60)
      while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(10_000)
      }
      return true
    }
  }

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse
  {
    if request.query.contains("subscription") {
      let error: JSON = .object(["message": .string("Subscriptions need a stream.")])
      return .fake(.object(["errors": .array([error])]), .operationNotAllowed, operationType: .subscription)
    }
    return try base.execute(request, authorization: authorization, allowMutations: allowMutations)
  }

  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
    guard request.query.contains("subscription"), !request.query.contains("validationError") else {
      do {
        return .single(try base.execute(request, authorization: authorization, allowMutations: true))
      } catch {
        return .single(.fake(.object(["errors": .array([.object(["message": .string("boom")])])]), .refused))
      }
    }
    let limit = request.query.contains("finite") ? 2 : Int.max
    let big = request.query.contains("big")
    let values = hub.subscribe()
    let auth = authorization.map(JSON.string) ?? .null
    let (demand, demanded) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let producer = Mutex<Task<Void, Never>?>(nil)
    let (stream, source) = SubscriptionStream<SubscriptionResult>.makeStream(
      capacity: 16, onDemand: { demanded.yield() },
      onTermination: { producer.withLock { $0?.cancel() } })
    producer.withLock {
      $0 = Task {
        var sent = 0
        var demands = demand.makeAsyncIterator()
        for await value in values {
          var data: JSONObject = ["tick": .int(value), "authorization": auth]
          if big { data["padding"] = .string(String(repeating: "x", count: 64 << 10)) }
          let result = SubscriptionResult(body: JSON.object(["data": .object(data)]).encoded())
          // A full buffer: wait until the consumer asks for more, as an event log would.
          while source.offer(result) == .full {
            guard await demands.next() != nil, !Task.isCancelled else { return }
          }
          sent += 1
          if sent >= limit { break }
        }
        source.finish()
      }
    }
    return .stream(stream)
  }

  func accepts(authorization: String) -> Bool { authorization != "forbidden" }
}
