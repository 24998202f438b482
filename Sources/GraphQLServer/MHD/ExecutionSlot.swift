import CMicroHTTPD
import Synchronization

/// Where an execution running on the `FairExecutor` leaves its answer for the libmicrohttpd
/// thread of its connection, which is suspended meanwhile and resumed once the answer is in.
final class ExecutionSlot: Sendable {
  /// The suspended connection: used only to resume it, once, while libmicrohttpd keeps it
  /// (a suspended connection is neither timed out nor closed).
  private struct Suspended: @unchecked Sendable {
    let connection: OpaquePointer
  }

  private let suspended: Suspended
  private let answer = Mutex<HTTPResponse?>(nil)

  /// Suspends `connection` (from inside its access handler) until `fill` is called.
  init(suspending connection: OpaquePointer) {
    suspended = Suspended(connection: connection)
    MHD_suspend_connection(connection)
  }

  /// Stores the answer and resumes the connection; libmicrohttpd then calls the access handler
  /// again, which queues it.
  func fill(_ response: HTTPResponse) {
    answer.withLock { $0 = response }
    MHD_resume_connection(suspended.connection)
  }

  /// The answer, once filled.
  func take() -> HTTPResponse? { answer.withLock { $0.take() } }
}
