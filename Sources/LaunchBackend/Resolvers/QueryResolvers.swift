/// The root `Query` fields: `launches`, `launch`, `me`, `totalTripsBooked`.
enum QueryResolvers {
  /// The page size when `pageSize` is absent or null.
  static let defaultPageSize = 20
  /// The largest page; larger requests are clamped to it.
  static let maximumPageSize = 100

  static let resolvers: [String: Resolver] = [
    "launches": Resolve.sync { input in
      try page(input, pageSize: input.int("pageSize"), after: input.string("after"))
    },
    "launch": Resolve.sync { input in
      input.string("id").flatMap { input.context.environment.launches.node(idText: $0) }
    },
    "me": Resolve.sync { input in
      try input.context.caller().map { UserNode(user: $0, token: nil) }
    },
    "totalTripsBooked": Resolve.sync { input in
      try input.context.environment.store.totalTripsBooked()
    },
  ]

  /// `launches(pageSize:after:)`: a page of the catalog, newest first.
  ///
  /// - Throws: `BAD_USER_INPUT` for a page size below 1 or a cursor that names no launch.
  static func page(_ input: Input, pageSize: Int?, after: String?) throws -> PageNode {
    let size = pageSize ?? defaultPageSize
    guard size >= 1 else {
      throw APIError.badUserInput("pageSize must be at least 1, but it was \(size).")
    }
    let launches = input.context.environment.launches
    let page: CatalogPage
    switch Result(catching: { () throws(CatalogError) in
      try launches.catalog.page(after: after, size: min(size, maximumPageSize))
    }) {
    case .success(let found):
      page = found
    case .failure(.unknownCursor):
      // The cursor is not echoed: it is arbitrary client text of any length.
      throw APIError.badUserInput(
        "The after cursor does not name a launch; pass the cursor of a previous page, "
          + "or leave out after to start with the newest launch.")
    case .failure(let error):
      throw error
    }
    return PageNode(
      cursor: page.cursor, hasMore: page.hasMore,
      launches: page.launches.compactMap { launches.node(id: $0.id) })
  }
}
