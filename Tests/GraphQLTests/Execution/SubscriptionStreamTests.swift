import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

/// The bounded, pulled buffer between a subscription's producer and its consumer.
@Suite struct SubscriptionStreamTests {
  final class Calls: Sendable {
    let demands = Atomic<Int>(0)
    let terminations = Atomic<Int>(0)
  }

  @Test func aFullBufferRefusesInsteadOfDroppingAndAsksAgainAtHalf() async {
    let calls = Calls()
    let (stream, source) = SubscriptionStream<Int>.makeStream(
      capacity: 4, onDemand: { calls.demands.add(1, ordering: .relaxed) },
      onTermination: { calls.terminations.add(1, ordering: .relaxed) })
    #expect((1...4).map { source.offer($0) } == Array(repeating: .accepted, count: 4))
    #expect(source.offer(5) == .full)
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(calls.demands.load(ordering: .relaxed) == 0)
    #expect(await iterator.next() == 2)
    // Half of what waited was taken: the producer may offer again (what it was refused, first).
    #expect(calls.demands.load(ordering: .relaxed) == 1)
    #expect(source.offer(5) == .accepted)
    source.finish()
    #expect(source.offer(6) == .terminated)
    var rest: [Int] = []
    while let value = await iterator.next() { rest.append(value) }
    #expect(rest == [3, 4, 5])
    #expect(calls.terminations.load(ordering: .relaxed) == 1)
  }

  @Test func aConsumerThatGoesAwayEndsTheProducer() async {
    let calls = Calls()
    var (stream, source): (SubscriptionStream<Int>?, SubscriptionStream<Int>.Source) = SubscriptionStream<Int>
      .makeStream(capacity: 2, onTermination: { calls.terminations.add(1, ordering: .relaxed) })
    #expect(source.offer(1) == .accepted)
    _ = stream
    stream = nil
    #expect(calls.terminations.load(ordering: .relaxed) == 1)
    #expect(source.offer(2) == .terminated)
  }

  @Test func cancellingAWaitingConsumerEndsIt() async {
    let calls = Calls()
    let (stream, source) = SubscriptionStream<Int>.makeStream(
      capacity: 2, onTermination: { calls.terminations.add(1, ordering: .relaxed) })
    let consumer = Task {
      var taken: [Int] = []
      for await value in stream { taken.append(value) }
      return taken
    }
    #expect(await waitUntil { source.offer(7) == .accepted })
    consumer.cancel()
    let taken = await consumer.value
    #expect(taken.allSatisfy { $0 == 7 })
    #expect(await waitUntil { source.offer(8) == .terminated })
    #expect(calls.terminations.load(ordering: .relaxed) == 1)
  }
}
