/// A `User` object as resolvers see it: the stored user, plus the token only in `login`'s result.
struct UserNode: Sendable {
  let user: StoredUser
  /// The freshly issued token (`login` only); nil everywhere else, as `User.token` promises.
  let token: String?
}

/// A `LaunchConnection` object: one page of launches.
struct PageNode: Sendable {
  let cursor: String
  let hasMore: Bool
  /// The page's launches.
  let launches: [LaunchNode]
}

/// A `TripUpdateResponse` object: the outcome of `bookTrips` or `cancelTrip`.
struct TripUpdate: Sendable {
  let success: Bool
  let message: String
  /// The launches concerned, in request order, without nulls.
  let launches: [LaunchNode]
}
