import CMicroHTTPD
import Synchronization

/// Where an execution running on the `FairExecutor` leaves its answer for the connection, which
/// is suspended meanwhile.
///
/// The execution's thread only stores the answer and resumes the connection; the answer is
/// queued by the access handler, which libmicrohttpd calls again on its own thread once the
/// connection is back. That is safe for a client that half-closes at any moment because the
/// connection was suspended while libmicrohttpd waited for nothing on it (see
/// `ServerCore.suspend`): resumed, it is not read before that call.
final class ExecutionSlot: Sendable {
  /// The suspended connection: used only to resume it, once, while libmicrohttpd keeps it (a
  /// suspended connection is neither timed out nor closed).
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
