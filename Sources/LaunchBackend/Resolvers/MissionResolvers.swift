/// The `Mission` fields, read from the launch's catalog record.
enum MissionResolvers {
  static let resolvers: [String: Resolver] = [
    "name": Resolve.field(of: LaunchNode.self) { node, _ in node.launch.missionName },
    // SMALL gives the small patch; LARGE or no size gives the large one (API.md).
    "missionPatch": Resolve.field(of: LaunchNode.self) { node, input in
      input.string("size") == "SMALL" ? node.launch.missionPatchSmall : node.launch.missionPatchLarge
    },
  ]
}
