import GraphQL
import GraphQLWire

/// The root `Mutation` fields: `bookTrips`, `cancelTrip`, `login`.
///
/// Each runs in one store transaction; the executor runs mutation fields one after another.
struct MutationResolver: MutationResolving {
  /// `bookTrips(launchIds:)`: books every launch of the list that exists, all in one
  /// transaction; the others are named in the message.
  ///
  /// Repeated ids count once. A null id in the list is reported as `null`.
  /// - Throws: `UNAUTHENTICATED` for an anonymous caller.
  func bookTrips(launchIds: [String?], _ input: borrowing Input) throws -> TripUpdate {
    guard let caller = try input.context.caller() else { throw APIError.unauthenticated("book trips") }
    let index = input.context.environment.launches
    var found: [LaunchNode] = []
    var foundIDs = Set<Int>()
    var unknown: [String] = []
    for item in launchIds {
      let text = item ?? "null"
      if let node = index.node(idText: text) {
        if foundIDs.insert(node.launch.id).inserted { found.append(node) }
      } else if !unknown.contains(text) {
        unknown.append(text)
      }
    }
    let ids = found.map(\.launch.id)
    let fingerprint =
      "bookTrips:" + ids.map(String.init).joined(separator: ",")
      + (unknown.isEmpty ? "" : "!" + unknown.joined(separator: ","))
    return try runKeyed(caller: caller, fingerprint: fingerprint, input) { changes in
      if !ids.isEmpty { _ = try changes.book(launchIDs: ids) }
      guard unknown.isEmpty else {
        return RecordedTripUpdate(
          success: false,
          message: "the following launches couldn't be booked: " + unknown.joined(separator: ","),
          launchIDs: ids)
      }
      return RecordedTripUpdate(success: true, message: "trips booked successfully", launchIDs: ids)
    }
  }

  /// `cancelTrip(launchId:)`: removes the caller's own trip on that launch, if they had one.
  ///
  /// - Throws: `UNAUTHENTICATED` for an anonymous caller.
  func cancelTrip(launchId: String, _ input: borrowing Input) throws -> TripUpdate {
    guard let caller = try input.context.caller() else { throw APIError.unauthenticated("cancel trips") }
    let node = input.context.environment.launches.node(idText: launchId)
    return try runKeyed(caller: caller, fingerprint: "cancelTrip:" + launchId, input) { changes in
      guard let node, try changes.cancel(launchID: node.launch.id) else {
        return RecordedTripUpdate(success: false, message: "failed to cancel trip", launchIDs: [])
      }
      return RecordedTripUpdate(success: true, message: "trip cancelled", launchIDs: [node.launch.id])
    }
  }

  /// `login(email:)`: finds or creates the user and opens a session with a fresh token.
  ///
  /// - Throws: `BAD_USER_INPUT` for a missing or malformed email; `RATE_LIMITED` when the
  ///   client's address logged in too often (checked after the email, so a typo costs nothing).
  func login(email text: String?, _ input: borrowing Input) throws -> UserNode? {
    let email: EmailAddress
    do {
      email = try EmailAddress(validating: text ?? "")
    } catch {
      throw APIError.badUserInput("Cannot log in: \(error).")
    }
    let environment = input.context.environment
    if case .refused(let seconds) = environment.login.admit(client: input.context.client) {
      throw APIError.loginRateLimited(retryAfterSeconds: seconds)
    }
    let (user, token) = try environment.store.login(email: email)
    try environment.login.pruneIfDue(environment.store)
    return UserNode(user: user, token: token)
  }
}
