/// One page of the `launches` connection, in the terms ``LaunchPager`` needs.
///
/// Generic over the launch type so the pager works with any generated selection of launches.
struct LaunchPage<Launch: Sendable>: Sendable {
  /// The page's launches, in server order.
  var launches: [Launch]
  /// The cursor to ask for the next page with (`after:`).
  var cursor: String
  /// Whether the server says more launches follow.
  var hasMore: Bool
}
