/// The `User` fields.
enum UserResolvers {
  static let resolvers: [String: Resolver] = [
    "id": Resolve.field(of: UserNode.self) { node, _ in String(node.user.id) },
    "email": Resolve.field(of: UserNode.self) { node, _ in node.user.email },
    "profileImage": Resolve.field(of: UserNode.self) { _, _ in nil },
    "trips": Resolve.field(of: UserNode.self) { node, input in try trips(of: node.user, input) },
    "token": Resolve.field(of: UserNode.self) { node, _ in node.token },
  ]

  /// The user's booked launches in booking order; the caller's come from the request's memo.
  static func trips(of user: StoredUser, _ input: Input) throws -> [LaunchNode] {
    let environment = input.context.environment
    let ids: [Int]
    if try input.context.caller()?.id == user.id {
      ids = try input.context.bookings().ordered
    } else {
      ids = try environment.store.bookedLaunchIDs(userID: user.id)
    }
    return ids.compactMap { environment.launches.node(id: $0) }
  }
}
