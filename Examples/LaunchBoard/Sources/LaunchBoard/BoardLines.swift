import LaunchBoardAPI

/// The board's text: one line per launch, `110  CRS-21  Falcon 9  KSC LC 39A`, or why the page
/// failed. A pure function of the data, so a test builds the data from mocks.
public enum BoardLines {
  /// The lines for `data`, in its order.
  ///
  /// - Parameter data: an answer to ``BoardQuery``.
  public static func lines(_ data: BoardQuery.Data) -> [String] {
    switch data.launches {
    case .success(let page):
      // Under `onError: NULL` the semantically non-null fields need no `?? "?"`.
      return page.launches.map { [$0.id, $0.mission.name, $0.rocket.name, $0.site].joined(separator: "  ") }
    case .failure(let errors):
      return errors.map { "no board: \($0.message)" }
    }
  }
}
