import FoundationEssentials
import GraphQLWire
import POSIXThreads

/// Sends requests to a GraphQL backend in this process, such as the embedded `LaunchBackend`.
///
/// The backend's entry point is synchronous (SQLite work that may wait on a lock), so each request
/// runs on a thread of its own, never on Swift's cooperative pool, whose few threads must not
/// block. Not on a dispatch queue either: on Linux a concurrent queue runs about one block per
/// core, so requests abandoned after cancellation, still finishing, could hold up new ones.
/// A thread costs tens of microseconds, small beside a request. Cancelling the
/// calling task returns ``RocketClientError/cancelled`` at once; a request already running
/// finishes in the background and its answer is dropped (a mutation may still take effect, as
/// when an HTTP connection drops after the server received the request).
///
/// A plain value: safe to share between tasks.
public struct InProcessTransport: NetworkTransport {
  /// Runs one request on the calling thread and returns the response body.
  ///
  /// Parameters: the request and the `Authorization` value (nil when anonymous). Throws for a
  /// failure that produced no response.
  public typealias Handler = @Sendable (GraphQLRequest, String?) throws -> JSON

  private let handler: Handler

  /// A transport calling `handler` for each request.
  ///
  /// - Parameter handler: the backend's synchronous entry point; it must be thread-safe.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  /// Runs the request on a new thread and waits for it, or for cancellation. The backend sees the
  /// `Authorization` header only.
  ///
  /// - Throws: ``RocketClientError/cancelled`` when the task is cancelled before the answer;
  ///   ``RocketClientError/backendFailed(message:)`` when the handler throws.
  public func send(_ outgoing: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    TransportResponse(json: try await send(outgoing.operation, authorization: outgoing.authorization))
  }

  private func send(_ request: GraphQLRequest, authorization: String?) async throws(RocketClientError) -> JSON
  {
    if Task.isCancelled { throw RocketClientError.cancelled }
    let slot = ResumeOnce<JSON>()
    let handler = handler
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          guard slot.install(continuation, cancellation: RocketClientError.cancelled) else { return }
          let started = POSIXThread.startDetached {
            slot.resume(with: Result { try handler(request, authorization) })
          }
          if !started {
            slot.resume(with: .failure(RocketClientError.backendFailed(message: "cannot start a thread")))
          }
        }
      } onCancel: {
        slot.resume(with: .failure(RocketClientError.cancelled))
      }
    } catch let error as RocketClientError {
      throw error
    } catch {
      throw RocketClientError.backendFailed(message: "\(error)")
    }
  }
}
