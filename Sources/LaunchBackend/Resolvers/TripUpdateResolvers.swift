/// The `TripUpdateResponse` fields.
struct TripUpdateResponseResolver: TripUpdateResponseResolving {
  func success(_ update: TripUpdate, _ input: Input) -> Bool { update.success }
  func message(_ update: TripUpdate, _ input: Input) -> String? { update.message }
  func launches(_ update: TripUpdate, _ input: Input) -> [LaunchNode]? { update.launches }
}
