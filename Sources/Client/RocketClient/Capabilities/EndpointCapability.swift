/// Something a GraphQL server may or may not do, which the client finds out by trying and then
/// remembers for a while (``EndpointCapabilityMemory``), so the next process does not ask again.
public struct EndpointCapability: Hashable, Sendable, CustomStringConvertible {
  /// The name the memory keeps it under, such as `persisted-queries`.
  public let name: String

  /// A capability called `name` (lowercase words with hyphens, stable across versions).
  public init(_ name: String) {
    self.name = name
  }

  /// Automatic persisted queries: a query sent as its SHA-256 hash (by GET for a query, by POST
  /// for a mutation) is answered, or answered `PersistedQueryNotFound` until its text is sent.
  public static let persistedQueries = EndpointCapability("persisted-queries")

  /// The `onError` request parameter: a server that honours it answers an unknown value with a
  /// request error naming it, and `onError: NULL` with data.
  public static let onError = EndpointCapability("on-error")

  public var description: String { name }
}
