import CMicroHTTPD
import Synchronization

/// Where an execution leaves its answer for its suspended connection: it stores the answer and
/// resumes the connection, and the access handler, called again on libmicrohttpd's thread,
/// queues it (see `ServerCore.execute` for why that is safe on a half-close).
final class ExecutionSlot: Sendable {
  /// Used only to resume it, once (a suspended connection is neither timed out nor closed).
  private struct Suspended: @unchecked Sendable {
    let connection: OpaquePointer
  }

  private let suspended: Suspended
  private let answer = Mutex<BufferedResponse?>(nil)

  /// Suspends `connection` (from inside its access handler) until `fill` is called.
  init(suspending connection: OpaquePointer) {
    suspended = Suspended(connection: connection)
    MHD_suspend_connection(connection)
  }

  /// Leaves the answer for the access handler and resumes the connection.
  func fill(_ response: BufferedResponse) {
    answer.withLock { $0 = response }
    MHD_resume_connection(suspended.connection)
  }

  /// The answer, once filled (then nil).
  func take() -> BufferedResponse? { answer.withLock { $0.take() } }
}
