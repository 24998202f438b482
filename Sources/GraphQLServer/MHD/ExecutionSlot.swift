import CMicroHTTPD
import Synchronization

/// Where an execution running on the `FairExecutor` hands its answer to the connection, which
/// is suspended meanwhile.
///
/// The answer is queued from the execution's thread while the connection is still suspended
/// (libmicrohttpd allows that), and only then is the connection resumed: resumed first, in the
/// state "request read, no answer yet", libmicrohttpd would read the socket again, and a client
/// that half-closed after its request (as `printf ... | nc -N` does) would be taken for one that
/// went away and get no answer (a client whose end of stream libmicrohttpd has already read is
/// not suspended at all: `ServerCore.peerFinishedSending`). Should queueing fail there, the answer
/// is left for the access handler, which libmicrohttpd calls again after the resume.
final class ExecutionSlot: Sendable {
  /// The suspended connection: used only to answer and resume it, once, while libmicrohttpd keeps
  /// it (a suspended connection is neither timed out nor closed).
  private struct Suspended: @unchecked Sendable {
    let connection: OpaquePointer
  }

  /// What was queued from the execution's thread, for the access log.
  struct Sent: Sendable {
    let status: Int
    let operationName: String?
  }

  private struct State: Sendable {
    var answer: HTTPResponse?
    var sent: Sent?
  }

  private let suspended: Suspended
  private let state = Mutex(State())

  /// Suspends `connection` (from inside its access handler) until `fill` is called.
  init(suspending connection: OpaquePointer) {
    suspended = Suspended(connection: connection)
    MHD_suspend_connection(connection)
  }

  /// Queues the answer (or leaves it for the access handler) and resumes the connection.
  func fill(_ response: HTTPResponse, core: ServerCore) {
    state.withLock { state in
      if core.send(response, connection: suspended.connection) == cmhd_yes() {
        state.sent = Sent(status: response.status, operationName: response.operationName)
      } else {
        state.answer = response
      }
    }
    MHD_resume_connection(suspended.connection)
  }

  /// The answer left for the access handler, once filled.
  func take() -> HTTPResponse? { state.withLock { $0.answer.take() } }

  /// What was queued from the execution's thread, if it was.
  var sent: Sent? { state.withLock { $0.sent } }
}
