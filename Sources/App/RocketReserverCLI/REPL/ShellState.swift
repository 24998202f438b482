import RocketClient
import Synchronization

/// What a shell remembers between its commands about its session: where `more` continues, and
/// the launch ids, missions and trips Tab offers; afresh after each `connect`.
final class ShellState: Sendable {
  /// Where `more` continues: the walk, and the page size and cursor it started with.
  private struct Paging: Sendable {
    var pager: LaunchPager<Session.ListedLaunch>
    var pageSize: Int?
    var start: String?
  }

  private let paging = Mutex<Paging?>(nil)

  /// The session this state is about: whose login the trips are, where a fresh shell reads ids.
  let session: Session?
  /// Launch ids and trips for Tab, and where a fresh shell reads them.
  let known = Mutex(KnownLaunches())
  let knownSource: KnownLaunchSource

  /// A shell that has listed nothing yet on `session`.
  init(session: Session?) {
    self.session = session
    knownSource = KnownLaunchSource(session: session)
  }

  /// Starts a new walk of the launch list after `start` (nil: the newest).
  func startPaging(pageSize: Int?, after start: String? = nil) {
    // Its own loader is never called: each page of the walk is fetched by `nextPage(requests:)`,
    // with the cache policy and capture of the command that asks for it.
    let pager = LaunchPager<Session.ListedLaunch>(id: { $0.id }) { _ throws(RocketClientError) in
      throw RocketClientError.cancelled
    }
    paging.withLock { $0 = Paging(pager: pager, pageSize: pageSize, start: start) }
  }

  /// The page size the current walk was started with (`launches --page-size N`), or nil.
  var pagingPageSize: Int? { paging.withLock { $0?.pageSize } }

  /// The next page of the current walk (nil at the end) and whether more may follow; nil
  /// without a walk.
  func nextPage(requests: CommandRequests) async throws(RocketClientError)
    -> (launches: [Session.ListedLaunch]?, more: Bool)?
  {
    guard var state = paging.withLock({ $0 }) else { return nil }
    let launches = try await state.pager.next(
      using: Session.pageLoader(pageSize: state.pageSize, after: state.start, requests: requests))
    paging.withLock { $0 = state }
    return (launches, !state.pager.isFinished)
  }
}
