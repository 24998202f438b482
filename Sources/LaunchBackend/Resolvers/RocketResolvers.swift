/// The `Rocket` fields, read from the launch's catalog record.
enum RocketResolvers {
  static let resolvers: [String: Resolver] = [
    "id": Resolve.field(of: LaunchNode.self) { node, _ in node.launch.rocketID },
    "name": Resolve.field(of: LaunchNode.self) { node, _ in node.launch.rocketName },
    "type": Resolve.field(of: LaunchNode.self) { node, _ in node.launch.rocketType },
  ]
}
