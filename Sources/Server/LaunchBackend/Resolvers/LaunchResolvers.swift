/// The `LaunchConnection` fields: one page of the catalog.
struct LaunchConnectionResolver: LaunchConnectionResolving {
  func cursor(_ page: PageNode, _ input: borrowing Input) -> String { page.cursor }
  func hasMore(_ page: PageNode, _ input: borrowing Input) -> Bool { page.hasMore }
  func launches(_ page: PageNode, _ input: borrowing Input) -> [LaunchNode] { page.launches }
}

/// The `Launch` fields.
struct LaunchResolver: LaunchResolving {
  func id(_ node: LaunchNode, _ input: borrowing Input) -> String { node.id }
  func site(_ node: LaunchNode, _ input: borrowing Input) -> String? { node.launch.site }
  // Mission and Rocket read the same node: they are views of one catalog record.
  func mission(_ node: LaunchNode, _ input: borrowing Input) -> LaunchNode? { node }
  func rocket(_ node: LaunchNode, _ input: borrowing Input) -> LaunchNode? { node }
  func isBooked(_ node: LaunchNode, _ input: borrowing Input) throws -> Bool {
    try input.context.bookings().set.contains(node.launch.id)
  }
}

/// The `Mission` fields, read from the launch's catalog record.
struct MissionResolver: MissionResolving {
  func name(_ node: LaunchNode, _ input: borrowing Input) -> String? { node.launch.missionName }
  // SMALL gives the small patch; LARGE or no size gives the large one (`Operations/schema.graphqls`).
  func missionPatch(_ node: LaunchNode, size: PatchSize?, _ input: borrowing Input) -> String? {
    size == .SMALL ? node.launch.missionPatchSmall : node.launch.missionPatchLarge
  }
}

/// The `Rocket` fields, read from the launch's catalog record.
struct RocketResolver: RocketResolving {
  func id(_ node: LaunchNode, _ input: borrowing Input) -> String { node.launch.rocketID }
  func name(_ node: LaunchNode, _ input: borrowing Input) -> String? { node.launch.rocketName }
  func type(_ node: LaunchNode, _ input: borrowing Input) -> String? { node.launch.rocketType }
}
