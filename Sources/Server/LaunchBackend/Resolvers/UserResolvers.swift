/// The `User` fields.
struct UserResolver: UserResolving {
  func id(_ node: UserNode, _ input: borrowing Input) -> String { String(node.user.id) }
  func email(_ node: UserNode, _ input: borrowing Input) -> String { node.user.email }
  func profileImage(_ node: UserNode, _ input: borrowing Input) -> String? { nil }
  func token(_ node: UserNode, _ input: borrowing Input) -> String? { node.token }

  /// The user's booked launches in booking order; the caller's come from the request's memo.
  func trips(_ node: UserNode, _ input: borrowing Input) throws -> [LaunchNode] {
    let environment = input.context.environment
    let ids: [Int]
    if try input.context.caller()?.id == node.user.id {
      ids = try input.context.bookings().ordered
    } else {
      ids = try environment.store.bookedLaunchIDs(userID: node.user.id)
    }
    return ids.compactMap { environment.launches.node(id: $0) }
  }
}
