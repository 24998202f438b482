/// The root `Query` fields: `launches`, `launch`, `me`, `totalTripsBooked`.
struct QueryResolver: QueryResolving {
  /// The page size when `pageSize` is absent or null.
  static let defaultPageSize = 20
  /// The largest page; larger requests are clamped to it.
  static let maximumPageSize = 100

  /// `launch(id:)`: the launch with that flight number, if any.
  func launch(id: String, _ input: borrowing Input) -> LaunchNode? {
    input.context.environment.launches.node(idText: id)
  }

  /// `me`: the caller, without a token.
  func me(_ input: borrowing Input) throws -> UserNode? {
    try input.context.caller().map { UserNode(user: $0, token: nil) }
  }

  func totalTripsBooked(_ input: borrowing Input) throws -> Int? {
    try input.context.environment.store.totalTripsBooked()
  }

  /// `launches(pageSize:after:)`: a page of the catalog, newest first.
  ///
  /// - Throws: `BAD_USER_INPUT` for a page size below 1 or a cursor that names no launch.
  func launches(pageSize: Int?, after: String?, _ input: borrowing Input) throws -> PageNode {
    let size = pageSize ?? Self.defaultPageSize
    guard size >= 1 else {
      throw APIError.badUserInput("pageSize must be at least 1, but it was \(size).")
    }
    let page = input.context.environment.launches.page(after: after, size: min(size, Self.maximumPageSize))
    guard let page else {
      // The cursor is not echoed: it is arbitrary client text of any length.
      throw APIError.badUserInput(
        "The after cursor does not name a launch; pass the cursor of a previous page, "
          + "or leave out after to start with the newest launch.")
    }
    return page
  }
}
