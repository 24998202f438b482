import GraphQL
import GraphQLWire
import Synchronization

/// The encoded answers of the newest event, by subscription: identical subscriptions (same
/// document, operation, variables, error behavior and credential) get the same bytes for the same
/// event, so the event is executed once for all of them.
///
/// Only the newest event's answers are kept; an answer for an older event (a subscriber
/// replaying what it missed) is computed and not stored.
///
/// Thread safety: Sendable; the feed calls it from its one thread, so the lock is uncontended.
final class SubscriptionAnswers: Sendable {
  /// What makes two subscriptions' answers to one event equal.
  struct Key: Hashable, Sendable {
    let query: String
    let operationName: String?
    let variables: JSONObject?
    /// What an error does to the answer.
    let onError: ErrorBehavior?
    /// The answer may depend on who asks.
    let authorization: String?

    init(request: GraphQLRequest, authorization: String?) {
      query = request.query
      operationName = request.operationName
      variables = request.variables
      onError = request.onError
      self.authorization = authorization
    }
  }

  private struct Newest {
    var event = Int.min
    var answers: [Key: [UInt8]] = [:]
  }

  private let newest = Mutex(Newest())

  /// The answer of the subscription `key` to event `event`, computing it (outside the lock)
  /// when no identical subscription has yet.
  func answer(for key: Key, event: Int, compute: () -> [UInt8]) -> [UInt8] {
    if let known = newest.withLock({ $0.event == event ? $0.answers[key] : nil }) { return known }
    let answer = compute()
    newest.withLock { newest in
      if event > newest.event {
        newest.event = event
        newest.answers = [:]
      }
      if event == newest.event { newest.answers[key] = answer }
    }
    return answer
  }
}
