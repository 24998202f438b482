import GraphQLWire
import RocketClient
import RocketReserverAPI

/// What a booking or a cancellation changes in the cache beyond the launches its answer returns,
/// declared once per mutation (as Apollo's cache `update` functions are) and run whenever the
/// cache writes its answer: the cached trips list gains or loses the launch, and the cached total
/// moves by what changed, so `trips`, `launch N` and `total` agree as on the server.
enum TripCacheUpdates {
  static let all = [bookTrips, cancelTrip]

  static let bookTrips = CacheUpdate(operation: BookTripsMutation.operationName) { data, edit in
    let answer = data["bookTrips"]
    let launches = answer?["launches"]?.arrayValue ?? []
    apply(
      launches.filter { $0["isBooked"] == .bool(true) }, booked: true,
      movesTotal: answer?["message"] != .string(queuedMessage), to: &edit)
  }

  static let cancelTrip = CacheUpdate(operation: CancelTripMutation.operationName) { data, edit in
    guard let answer = data["cancelTrip"], answer["success"] == .bool(true) else { return }
    let launches = answer["launches"]?.arrayValue ?? []
    apply(
      launches.filter { $0["isBooked"] == .bool(false) }, booked: false,
      movesTotal: answer["message"] != .string(queuedMessage), to: &edit)
  }

  /// The message of an answer ``answer(_:launch:)`` makes up for a queued change, which leaves the
  /// total alone: its sending moves the total (once), and `total` says what is pending.
  static let queuedMessage = "queued, not sent"

  /// Moves each of `launches` (answer objects) into or out of the trips list, and the total (when
  /// `movesTotal`) by how many changed state.
  private static func apply(_ launches: [JSON], booked: Bool, movesTotal: Bool, to edit: inout CacheEdit) {
    let root = edit.record("QUERY_ROOT")
    var userKey: String?
    if case .reference(let key)? = root?.fields["me"] { userKey = key }
    var trips: [CacheValue]?
    if let userKey, case .list(let items)? = edit.record(userKey)?.fields["trips"] { trips = items }
    var delta = 0
    for launch in launches {
      guard let id = launch["id"]?.stringValue else { continue }
      let key = "Launch:\(id)"
      // The list, when cached, is the server's word of a moment ago: a change is sent after
      // the trips are asked for. Without it, the launch's own state.
      let wasBooked =
        trips.map { $0.contains(.reference(key)) }
        ?? (edit.record(key)?.fields["isBooked"] == .scalar(.bool(true)))
      if wasBooked != booked { delta += booked ? 1 : -1 }
      if booked {
        // The list shows what `trips` selects of a launch: the answer or the cache must have it.
        let listable = launch["mission"] != nil || edit.record(key)?.fields["mission"] != nil
        if listable, trips?.contains(.reference(key)) == false { trips?.append(.reference(key)) }
      } else {
        trips?.removeAll { $0 == .reference(key) }
      }
    }
    if let userKey, let trips { edit.set("trips", of: userKey, to: .list(trips)) }
    if movesTotal, delta != 0, case .scalar(.int(let total))? = root?.fields["totalTripsBooked"] {
      edit.set("totalTripsBooked", of: "QUERY_ROOT", to: .scalar(.int(max(0, total + delta))))
    }
  }

  /// The answer the server would give to `action` on `launch` (the launch's cached fields, or
  /// its id alone), for showing a queued change in the cache at once, or taking it back.
  static func answer(_ action: TripChange.Action, launch: JSONObject) -> JSONObject {
    var object = launch
    object["isBooked"] = .bool(action == .book)
    object["__typename"] = .string("Launch")
    let field = action == .book ? "bookTrips" : "cancelTrip"
    return [
      field: .object([
        "success": .bool(true), "message": .string(queuedMessage), "launches": .array([.object(object)]),
        "__typename": .string("TripUpdateResponse"),
      ])
    ]
  }
}

extension Session {
  /// Writes into the cache of `user` what `action` on launch `id` would bring back, when the
  /// cache holds the launch: a queued change shown at once, or one refused or dropped taken back.
  func showInCache(_ action: TripChange.Action, launchID id: String, user: String) async {
    guard let cache = client.cache else { return }
    let partition = CachePartition(endpoint: client.endpointKey, user: user)
    guard (try? cache.cache.loadRecords(forKeys: ["Launch:\(id)"], in: partition)["Launch:\(id)"]) != nil
    else { return }
    let details = cache.read(CacheableOperation(LaunchDetailsQuery(id: id)), partition: partition)
    let launch = details?.data?["launch"]?.objectValue ?? ["id": .string(id)]
    let answer = TripCacheUpdates.answer(action, launch: launch)
    switch action {
    case .book:
      await cache.write(answer, for: CacheableOperation(BookTripsMutation(ids: [id])), partition: partition)
    case .cancel:
      await cache.write(answer, for: CacheableOperation(CancelTripMutation(id: id)), partition: partition)
    }
  }
}
