/// The embedded launch-booking API: schema, resolvers, launch catalog and booking store.
public enum LaunchBackendModule {}
