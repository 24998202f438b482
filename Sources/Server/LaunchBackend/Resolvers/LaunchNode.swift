/// A catalog launch as the executor passes it to the `Launch`, `Mission` and `Rocket` resolvers.
///
/// A class so that handing it around as `any Sendable` is one retained pointer rather than a
/// boxed copy of the launch's many strings; the nodes are built once per backend.
final class LaunchNode: Sendable {
  /// The launch.
  let launch: CatalogLaunch
  /// `Launch.id`: the flight number as text, computed once.
  let id: String
  /// The launch's pagination cursor, computed once.
  let cursor: String

  init(_ launch: CatalogLaunch, cursor: String) {
    self.launch = launch
    self.id = String(launch.id)
    self.cursor = cursor
  }
}
