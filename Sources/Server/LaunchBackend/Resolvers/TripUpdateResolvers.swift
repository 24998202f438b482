/// The `TripUpdateResponse` fields.
struct TripUpdateResponseResolver: TripUpdateResponseResolving {
  func success(_ update: TripUpdate, _ input: borrowing Input) -> Bool { update.success }
  func message(_ update: TripUpdate, _ input: borrowing Input) -> String? { update.message }
  func launches(_ update: TripUpdate, _ input: borrowing Input) -> [LaunchNode]? { update.launches }
}
