import GraphQL

/// The root `Mutation` fields: `bookTrips`, `cancelTrip`, `login`.
///
/// Each runs in one store transaction; the executor runs mutation fields one after another.
struct MutationResolver: MutationResolving {
  /// `bookTrips(launchIds:)`: books every launch of the list that exists, all in one
  /// transaction; the others are named in the message.
  ///
  /// Repeated ids count once. A null id in the list is reported as `null`.
  /// - Throws: `UNAUTHENTICATED` for an anonymous caller.
  func bookTrips(launchIds: [String?], _ input: Input) throws -> TripUpdate {
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
    if !found.isEmpty {
      let environment = input.context.environment
      let added = try environment.store.book(userID: caller.id, launchIDs: found.map(\.launch.id))
      input.context.bookingsChanged()
      if !added.isEmpty { environment.tripsBookedChanged(added.count) }
    }
    guard unknown.isEmpty else {
      return TripUpdate(
        success: false,
        message: "the following launches couldn't be booked: " + unknown.joined(separator: ","),
        launches: found)
    }
    return TripUpdate(success: true, message: "trips booked successfully", launches: found)
  }

  /// `cancelTrip(launchId:)`: removes the caller's own trip on that launch, if they had one.
  ///
  /// - Throws: `UNAUTHENTICATED` for an anonymous caller.
  func cancelTrip(launchId: String, _ input: Input) throws -> TripUpdate {
    guard let caller = try input.context.caller() else { throw APIError.unauthenticated("cancel trips") }
    guard let node = input.context.environment.launches.node(idText: launchId),
      try input.context.environment.store.cancel(userID: caller.id, launchID: node.launch.id)
    else {
      return TripUpdate(success: false, message: "failed to cancel trip", launches: [])
    }
    input.context.bookingsChanged()
    input.context.environment.tripsBookedChanged(-1)
    return TripUpdate(success: true, message: "trip cancelled", launches: [node])
  }

  /// `login(email:)`: finds or creates the user and opens a session with a fresh token.
  ///
  /// - Throws: `BAD_USER_INPUT` for a missing or malformed email.
  func login(email text: String?, _ input: Input) throws -> UserNode? {
    let email: EmailAddress
    do {
      email = try EmailAddress(validating: text ?? "")
    } catch {
      throw APIError.badUserInput("Cannot log in: \(error).")
    }
    let (user, token) = try input.context.environment.store.login(email: email)
    return UserNode(user: user, token: token)
  }
}
