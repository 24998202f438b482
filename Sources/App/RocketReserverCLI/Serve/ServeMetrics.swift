import GraphQLWire
import RocketReserverAPI

/// What `serve` counts by operation name in its metrics.
enum ServeMetrics {
  /// The operations counted under their own name: those the generated client sends, and the
  /// named operations of a trusted-documents manifest (at most `maxManifestNames` of them, so
  /// that a huge manifest cannot make the label unbounded).
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

  /// The most operation names a manifest adds.
  static let maxManifestNames = 200
}
