import GraphQL
import GraphQLWire

/// The bounds every request to the embedded API gets, in-process and over HTTP alike: a static
/// cost limit, a response-size bound and a deadline (see `RequestLimits`), with list fields
/// counted by what they can return here: `LaunchConnection.launches` by its page's `pageSize`
/// (default 20, at most 100), `TripUpdateResponse.launches` by the `launchIds` of `bookTrips` (one
/// launch for `cancelTrip`), `User.trips` by the size of the catalog.
///
/// A value type, `Sendable`.
public struct BackendLimits: Sendable, Hashable {
  /// The default cost limit. The costliest operation in `Operations/` (`LaunchList` at its
  /// largest page, 100) costs 904 and the standard introspection query 24 848 (tests assert
  /// both); 50 000 leaves either more than twice that, and refuses the probe documents' 700 aliased pages
  /// (141 400) and 1 600 aliased `__schema` (about 70 000).
  public static let defaultMaxCost = 50_000
  /// The default response-size bound: 4 MiB.
  public static let defaultMaxResponseBytes = 4 * 1024 * 1024
  /// The default deadline per request: 5 seconds.
  public static let defaultTimeout: Duration = .seconds(5)

  /// The highest static cost a request may have.
  public var maxCost: Int
  /// The most bytes a response may take.
  public var maxResponseBytes: Int
  /// How long one request may take (validation and execution).
  public var timeout: Duration

  /// - Parameters:
  ///   - maxCost: the cost limit (default `defaultMaxCost`).
  ///   - maxResponseBytes: the response-size bound (default 4 MiB).
  ///   - timeout: the deadline per request (default 5 s).
  public init(
    maxCost: Int = defaultMaxCost, maxResponseBytes: Int = defaultMaxResponseBytes,
    timeout: Duration = defaultTimeout
  ) {
    self.maxCost = maxCost
    self.maxResponseBytes = maxResponseBytes
    self.timeout = timeout
  }

  /// The engine's limits for these bounds, for a catalog of `launchCount` launches.
  func requestLimits(launchCount: Int) -> RequestLimits {
    RequestLimits(
      maxCost: maxCost, costModel: Self.costModel(launchCount: launchCount),
      maxResponseBytes: maxResponseBytes,
      timeout: timeout)
  }

  /// How the API's list fields are counted.
  static func costModel(launchCount: Int) -> CostModel {
    CostModel(
      listBounds: [
        "LaunchConnection.launches": .parentArgument(
          "pageSize", defaultValue: QueryResolver.defaultPageSize, max: QueryResolver.maximumPageSize),
        "TripUpdateResponse.launches": .parentArgument("launchIds", defaultValue: 1, max: .max),
        "User.trips": .fixed(launchCount),
      ],
      defaultListBound: 100)
  }
}
