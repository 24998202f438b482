import FoundationEssentials

/// The read-only launch catalog the API serves, newest first.
///
/// An immutable value: build it once (see `embedded`) and share it freely between tasks.
/// Lookup by flight number is O(1); paging is O(page size) after an O(1) cursor lookup.
public struct LaunchCatalog: Sendable {
  /// Every launch, in descending flight-number order (newest first).
  public let launches: [CatalogLaunch]
  /// Position in `launches` of each flight number.
  private let positions: [Int: Int]

  /// Builds a catalog from launches in any order.
  /// - Throws: `CatalogError.duplicateFlightNumber` when two launches share a flight number.
  public init(launches: [CatalogLaunch]) throws(CatalogError) {
    let sorted = launches.sorted { $0.id > $1.id }
    var positions = [Int: Int](minimumCapacity: sorted.count)
    for (position, launch) in sorted.enumerated() {
      guard positions.updateValue(position, forKey: launch.id) == nil else {
        throw .duplicateFlightNumber(launch.id)
      }
    }
    self.launches = sorted
    self.positions = positions
  }

  /// Builds a catalog from a JSON array of SpaceX API v3 launch records (the format of
  /// `Fixtures/launches.json`).
  /// - Throws: `CatalogError.invalidJSON`, `.invalidRecord` (naming the flight and field) or
  ///   `.duplicateFlightNumber`.
  public init(json: Data) throws(CatalogError) {
    try self.init(launches: try LaunchRecord.decodeAll(from: json))
  }

  /// The number of launches.
  public var count: Int { launches.count }

  /// The launch with flight number `id`, or nil when there is none. O(1).
  public func launch(id: Int) -> CatalogLaunch? {
    positions[id].map { launches[$0] }
  }

  /// The position of the launch with flight number `id` in `launches`, if any.
  func position(of id: Int) -> Int? { positions[id] }
}
