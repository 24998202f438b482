import FoundationEssentials
import GraphQLWire
import POSIXThreads

/// Sends requests to a GraphQL backend in this process, such as the embedded `LaunchBackend`.
///
/// The backend's entry point is synchronous (SQLite work that may wait on a lock), so each request
/// runs on a thread of its own: never on Swift's cooperative pool, nor on a dispatch queue (on
/// Linux it runs about one block per core, so abandoned requests could hold up new ones).
/// Cancelling the calling task returns ``RocketClientError/cancelled`` at once; a request already
/// running finishes in the background and its answer is dropped.
public struct InProcessTransport: NetworkTransport {
  /// Runs one request (with the `Authorization` value, nil when anonymous) on the calling thread
  /// and returns the response body; throws for a failure that produced no response.
  public typealias Handler = @Sendable (GraphQLRequest, String?) throws -> JSON

  private let handler: Handler

  /// A transport calling `handler`, the backend's thread-safe synchronous entry point.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  /// Runs the request on a new thread and waits for it, or for cancellation; a handler that
  /// throws is ``RocketClientError/backendFailed(message:)``.
  public func send(_ outgoing: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    let (request, authorization) = (outgoing.operation, outgoing.authorization)
    if Task.isCancelled { throw RocketClientError.cancelled }
    let slot = ResumeOnce<JSON>()
    let handler = handler
    do {
      let json = try await withTaskCancellationHandler {
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
      return TransportResponse(json: json)
    } catch let error as RocketClientError {
      throw error
    } catch {
      throw RocketClientError.backendFailed(message: "\(error)")
    }
  }
}
