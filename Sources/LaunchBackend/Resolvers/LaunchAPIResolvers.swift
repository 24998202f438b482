/// Every resolver of the API, by type name and field name, for `ExecutableSchema`.
enum LaunchAPIResolvers {
  static let all: [String: [String: Resolver]] = [
    "Query": QueryResolvers.resolvers,
    "Mutation": MutationResolvers.resolvers,
    "Subscription": SubscriptionResolvers.resolvers,
    "LaunchConnection": LaunchResolvers.connection,
    "Launch": LaunchResolvers.launch,
    "Mission": MissionResolvers.resolvers,
    "Rocket": RocketResolvers.resolvers,
    "User": UserResolvers.resolvers,
    "TripUpdateResponse": TripUpdateResolvers.resolvers,
  ]
}
