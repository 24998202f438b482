import Synchronization

/// A subscription's results as its consumer pulls them: a bounded buffer between a producer
/// that offers and a consumer that iterates, where a full buffer makes the producer wait instead
/// of dropping anything or growing.
///
/// `AsyncStream` buffers without bound or drops silently; a subscription needs neither. Here a
/// producer's `offer` answers ``Source/OfferResult/full`` when the consumer is `capacity`
/// results behind; the producer keeps its place (for an event log, its cursor) and offers again
/// once the consumer has taken half of what was waiting, which `Source.onDemand` announces. So a
/// consumer that falls behind catches up at its own pace, and the memory a subscription holds is
/// bounded by `capacity` whatever the producer's rate.
///
/// The consumer ends the subscription by ceasing to iterate: cancelling the iterating task, or
/// letting go of the stream and its iterators. The producer learns of it through
/// `onTermination` and further offers answer ``Source/OfferResult/terminated``.
public struct SubscriptionStream<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = Never
  private let consumer: Consumer

  /// A stream and the source its producer offers to.
  ///
  /// - Parameters:
  ///   - capacity: results waiting for the consumer before offers are refused (at least 1).
  ///   - onDemand: called (from the consumer's task) when a refused producer may offer again.
  ///   - onTermination: called once when the consumer went away or the producer finished.
  public static func makeStream(
    capacity: Int, onDemand: @escaping @Sendable () -> Void = {},
    onTermination: @escaping @Sendable () -> Void = {}
  ) -> (stream: SubscriptionStream, source: Source) {
    let storage = Storage(capacity: Swift.max(1, capacity), onDemand: onDemand, onTermination: onTermination)
    return (SubscriptionStream(consumer: Consumer(storage)), Source(storage: storage))
  }

  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(consumer: consumer) }

  /// Takes the stream's results one at a time.
  public struct AsyncIterator: AsyncIteratorProtocol {
    public typealias Failure = Never
    let consumer: Consumer

    /// The next result; nil once the producer finished (after what it offered was taken) or the
    /// iterating task was cancelled.
    public mutating func next() async -> Element? { await consumer.storage.next() }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await consumer.storage.next()
    }
  }

  /// The producer's side.
  public struct Source: Sendable {
    let storage: Storage

    /// What became of an offered result.
    public enum OfferResult: Sendable, Equatable {
      /// The consumer will get it.
      case accepted
      /// The consumer is `capacity` behind: offer it again after `onDemand`.
      case full
      /// The consumer went away (or the source finished): offer nothing more.
      case terminated
    }

    /// Offers the next result.
    public func offer(_ element: Element) -> OfferResult { storage.offer(element) }

    /// Ends the stream after what was accepted.
    public func finish() { storage.finish() }
  }

  /// Ends the stream when the last of the consumer's references goes: a consumer that lets go
  /// of the stream without cancelling must not leave the producer offering forever.
  final class Consumer: Sendable {
    let storage: Storage

    init(_ storage: Storage) {
      self.storage = storage
    }

    deinit { storage.terminate() }
  }

  final class Storage: Sendable {
    private struct State {
      var buffer: [Element] = []
      /// Index of the oldest result in `buffer` (taken results before it are dropped in bulk).
      var head = 0
      var waiter: CheckedContinuation<Element?, Never>?
      var finished = false
      var terminated = false
      /// An offer was refused since the last `onDemand`.
      var refused = false
      var count: Int { buffer.count - head }

      mutating func take() -> Element {
        let element = buffer[head]
        head += 1
        if head >= 64, head * 2 >= buffer.count {
          buffer.removeFirst(head)
          head = 0
        }
        return element
      }
    }

    let capacity: Int
    private let onDemand: @Sendable () -> Void
    private let onTermination: @Sendable () -> Void
    private let state = Mutex(State())

    init(
      capacity: Int, onDemand: @escaping @Sendable () -> Void, onTermination: @escaping @Sendable () -> Void
    ) {
      self.capacity = capacity
      self.onDemand = onDemand
      self.onTermination = onTermination
    }

    func offer(_ element: Element) -> Source.OfferResult {
      let (result, waiter) = state.withLock {
        state -> (Source.OfferResult, CheckedContinuation<Element?, Never>?) in
        if state.terminated || state.finished { return (.terminated, nil) }
        if let waiter = state.waiter {
          state.waiter = nil
          return (.accepted, waiter)
        }
        if state.count >= capacity {
          state.refused = true
          return (.full, nil)
        }
        state.buffer.append(element)
        return (.accepted, nil)
      }
      waiter?.resume(returning: element)
      return result
    }

    func finish() {
      let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
        guard !state.terminated, !state.finished else { return nil }
        state.finished = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: nil)
    }

    /// The consumer went away: drop what waits and tell the producer, once.
    func terminate() {
      let (wasTerminated, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Element?, Never>?) in
        defer {
          state.terminated = true
          state.buffer = []
          state.head = 0
          state.waiter = nil
        }
        return (state.terminated, state.waiter)
      }
      waiter?.resume(returning: nil)
      if !wasTerminated { onTermination() }
    }

    private enum Step {
      case element(Element, demand: Bool)
      case end
      case wait
    }

    func next() async -> Element? {
      let step = state.withLock { state -> Step in
        if state.count > 0 {
          let element = state.take()
          let demand = state.refused && state.count <= capacity / 2
          if demand { state.refused = false }
          return .element(element, demand: demand)
        }
        return state.finished || state.terminated ? .end : .wait
      }
      switch step {
      case .element(let element, let demand):
        if demand { onDemand() }
        return element
      case .end:
        if state.withLock({ $0.finished && !$0.terminated }) { terminate() }
        return nil
      case .wait:
        break
      }
      return await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
          let (resumeNow, demand) = state.withLock { state -> (Element??, Bool) in
            if state.count > 0 { return (.some(state.take()), false) }
            if state.finished || state.terminated || Task.isCancelled { return (.some(nil), false) }
            state.waiter = continuation
            let demand = state.refused
            state.refused = false
            return (nil, demand)
          }
          if let resumeNow { continuation.resume(returning: resumeNow) }
          if demand { onDemand() }
        }
      } onCancel: {
        terminate()
      }
    }
  }
}
