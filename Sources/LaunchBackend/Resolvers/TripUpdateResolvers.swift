/// The `TripUpdateResponse` fields.
enum TripUpdateResolvers {
  static let resolvers: [String: Resolver] = [
    "success": Resolve.field(of: TripUpdate.self) { update, _ in update.success },
    "message": Resolve.field(of: TripUpdate.self) { update, _ in update.message },
    "launches": Resolve.field(of: TripUpdate.self) { update, _ in update.launches },
  ]
}
