import GraphQLWire

/// Why data could not be built from a mock: a selected non-null field was left unset, or a field
/// holds a value of the wrong kind (an object where the schema has a scalar).
public struct MockDataError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the data (`launches.launches.0.id`).
  public var path: [PathComponent]
  /// What was wrong there.
  public var reason: String

  public init(path: [PathComponent], reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `mock data at launches.launches.0.id: Launch.id is not set and cannot be null`.
  public var description: String {
    let place = path.isEmpty ? "data" : path.map(\.description).joined(separator: ".")
    return "mock data at \(place): \(reason)"
  }
}
