import GraphQLWire
import RocketReserverAPI

/// What `serve` counts by operation name in its metrics.
enum ServeMetrics {
  /// The operations counted under their own name: the generated client's, and at most
  /// `maxManifestNames` of a manifest's (so that the label stays bounded).
  static func operationNames(manifest: [UInt8]?) -> [String] {
    var names = [
      LaunchListQuery.operationName, LaunchDetailsQuery.operationName, LoginMutation.operationName,
      BookTripsMutation.operationName, CancelTripMutation.operationName, MeQuery.operationName,
      TotalTripsBookedQuery.operationName, TripsBookedSubscription.operationName,
    ]
    guard let manifest, case .array(let operations)? = (try? JSON(parsing: manifest))?["operations"] else {
      return names
    }
    for operation in operations.prefix(maxManifestNames) {
      if let name = operation["name"]?.stringValue, !names.contains(name) { names.append(name) }
    }
    return names
  }

  static let maxManifestNames = 200
}
