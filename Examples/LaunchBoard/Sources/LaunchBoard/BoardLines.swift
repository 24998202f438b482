import LaunchBoardAPI

/// The board's text: one line per launch, `110  CRS-21  Falcon 9  KSC LC 39A`, with `?` for what
/// the server does not know. A pure function of the data, so a test builds the data from mocks.
public enum BoardLines {
  /// The lines for `data`, in its order; a launch the server sent as null is left out.
  ///
  /// - Parameter data: an answer to ``BoardQuery``.
  public static func lines(_ data: BoardQuery.Data) -> [String] {
    data.launches.launches.compactMap { launch in
      guard let launch else { return nil }
      let columns = [launch.id, launch.mission?.name ?? "?", launch.rocket?.name ?? "?", launch.site ?? "?"]
      return columns.joined(separator: "  ")
    }
  }
}
