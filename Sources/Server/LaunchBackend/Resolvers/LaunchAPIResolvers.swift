/// Every resolver of the API, for `ExecutableSchema`: one conformer per object type's generated
/// protocol (`Resolvers.graphqls.swift`, from `Operations/schema.graphqls`), joined into the
/// engine's table by the generated `makeFieldResolvers`, so no field name is written by hand.
enum LaunchAPIResolvers {
  static let all = makeFieldResolvers(
    query: QueryResolver(), mutation: MutationResolver(), subscription: SubscriptionResolver(),
    launchConnection: LaunchConnectionResolver(), launch: LaunchResolver(), mission: MissionResolver(),
    rocket: RocketResolver(), user: UserResolver(), tripUpdateResponse: TripUpdateResponseResolver(),
    resolver: Resolve.sync)

  /// The same conformers as generated selection writers, for the synchronous executor: each
  /// field's result written straight to the response (`TypedRootWriters`).
  static let typed = makeTypedRootWriters(
    query: QueryResolver(), mutation: MutationResolver(), subscription: SubscriptionResolver(),
    launchConnection: LaunchConnectionResolver(), launch: LaunchResolver(), mission: MissionResolver(),
    rocket: RocketResolver(), user: UserResolver(), tripUpdateResponse: TripUpdateResponseResolver(),
    errorPolicy: Resolve.policy)
}
