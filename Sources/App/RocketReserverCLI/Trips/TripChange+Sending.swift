import RocketClient
import RocketReserverAPI

extension TripChange {
  /// Sends the change (queries to the server whatever the cache policy) and says what became of
  /// each launch; a request that fails leaves its launches, and those after, `unsent`.
  ///
  /// The user's trips are asked first: a launch in the state asked for already is `unchanged`.
  /// A booking is one `bookTrips` of the rest with the change's key (a launch it does not list
  /// does not exist); a cancellation is one `cancelTrip` per launch, each with its own key, and
  /// one the server says no to is looked up to tell an unknown launch from one not booked.
  func send(with requests: CommandRequests) async -> TripChangeResult {
    let requests = CommandRequests(
      session: requests.session, cachePolicy: .networkOnly, capture: requests.capture)
    var outcomes: [String: TripOutcome] = [:]
    do throws(RocketClientError) {
      let me = try await requests.fetch(MeQuery()).requireData().me
      guard let me else {
        throw RocketClientError.notLoggedIn(endpoint: requests.session.client.endpointKey, serverMessage: "")
      }
      let trips = Set(me.trips.compactMap { $0?.id })
      switch action {
      case .book:
        let wanted = launchIDs.filter { !trips.contains($0) }
        for id in launchIDs where trips.contains(id) { outcomes[id] = .unchanged }
        if !wanted.isEmpty { try await book(wanted, with: requests, into: &outcomes) }
      case .cancel:
        for id in launchIDs {
          outcomes[id] = try await cancel(id, booked: trips.contains(id), with: requests)
        }
      }
    } catch {
      for id in launchIDs where outcomes[id] == nil { outcomes[id] = .unsent(error) }
    }
    return TripChangeResult(
      change: self, outcomes: launchIDs.map { ($0, outcomes[$0] ?? .unsent(.cancelled)) })
  }

  private func book(
    _ wanted: [String], with requests: CommandRequests, into outcomes: inout [String: TripOutcome]
  )
    async throws(RocketClientError)
  {
    let answer = try await requests.perform(BookTripsMutation(ids: wanted), idempotencyKey: idempotencyKey)
      .requireData().bookTrips
    let found = Dictionary(
      (answer.launches ?? []).compactMap { $0 }.map { ($0.id, $0.isBooked) }, uniquingKeysWith: { $1 })
    for id in wanted {
      switch found[id] {
      case true?: outcomes[id] = .changed
      case false?: outcomes[id] = .refused(answer.message ?? "the server did not book it")
      case nil: outcomes[id] = .noSuchLaunch
      }
    }
  }

  private func cancel(_ id: String, booked: Bool, with requests: CommandRequests)
    async throws(RocketClientError)
    -> TripOutcome
  {
    if booked {
      let answer = try await requests.perform(CancelTripMutation(id: id), idempotencyKey: key(for: id))
        .requireData().cancelTrip
      if answer.success { return .changed }
      // Cancelled meanwhile by another process, or gone: the launch says which.
    }
    let exists = try await requests.fetch(LaunchDetailsQuery(id: id)).requireData().launch != nil
    return exists ? .unchanged : .noSuchLaunch
  }
}
