/// The `LaunchConnection` and `Launch` fields.
enum LaunchResolvers {
  static let connection: [String: Resolver] = [
    "cursor": Resolve.field(of: PageNode.self) { page, _ in page.cursor },
    "hasMore": Resolve.field(of: PageNode.self) { page, _ in page.hasMore },
    "launches": Resolve.field(of: PageNode.self) { page, _ in page.launches },
  ]

  static let launch: [String: Resolver] = [
    "id": Resolve.field(of: LaunchNode.self) { node, _ in node.id },
    "site": Resolve.field(of: LaunchNode.self) { node, _ in node.launch.site },
    // Mission and Rocket read the same node: they are views of one catalog record.
    "mission": Resolve.field(of: LaunchNode.self) { node, _ in node },
    "rocket": Resolve.field(of: LaunchNode.self) { node, _ in node },
    "isBooked": Resolve.field(of: LaunchNode.self) { node, input in
      try input.context.bookings().set.contains(node.launch.id)
    },
  ]
}
