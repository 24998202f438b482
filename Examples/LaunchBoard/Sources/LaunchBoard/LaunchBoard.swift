import FoundationEssentials
import LaunchBoardAPI
import RocketClient

/// Talks to a launch-booking server: reads the board, and watches bookings as they happen.
public struct LaunchBoard: Sendable {
  let endpoint: URL
  let client: RocketClient

  /// Why the board could not be read or watched.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, for people.
    public var description: String
  }

  /// A board for the GraphQL server at `endpoint`, with an in-memory normalized cache.
  ///
  /// - Parameter endpoint: the server's GraphQL URL (`http://127.0.0.1:4000/graphql`).
  public init(endpoint: URL) {
    self.endpoint = endpoint
    client = RocketClient(
      transport: HTTPTransport(endpoint: endpoint), credentials: MemoryCredentials(),
      endpointKey: endpoint.absoluteString, interceptors: [SendsErrorBehavior()],
      cache: CacheStore(InMemoryNormalizedCache()))
  }

  /// The board's lines for the newest `first` launches, or why the server could not give them
  /// (a `first` below 1, for one).
  ///
  /// - Throws: ``RocketClientError`` when the server cannot answer.
  public func lines(first: Int) async throws -> [String] {
    BoardLines.lines(try await client.fetch(BoardQuery(first: first)).requireData())
  }

  /// Subscribes to bookings over a WebSocket, logs in as `email`, books `launchIDs` one by one
  /// and returns the first booking event the subscription reports (`+1`).
  ///
  /// The server may still be starting the subscription when `subscribe` returns, so bookings
  /// go on, one launch at a time, until an event arrives.
  ///
  /// - Throws: ``RocketClientError``, or ``Failure`` when the subscription ends without an event.
  public func firstBooking(email: String, launchIDs: [String]) async throws -> Int {
    let events = try await client.results(
      of: BookingsSubscription(), via: WebSocketSubscriptionTransport(endpoint: endpoint))
    try await client.logIn(SignInMutation(email: email), email: email) { $0.login.token }
    let booker = Task { [client] in
      for id in launchIDs {
        _ = try await client.perform(BookMutation(id: id))
        try await Task.sleep(for: .milliseconds(250))
      }
    }
    defer { booker.cancel() }
    for try await event in events {
      if let change = event.data?.tripsBooked { return change }
    }
    throw Failure(description: "the subscription ended before a booking was reported")
  }
}
