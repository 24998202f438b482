import GraphQLWire
import RocketClient
import Synchronization

/// The context every request of one command carries: the options of its shell line, and the
/// raw responses `ResponseCaptureInterceptor` keeps, so `--json` prints the server's `data` as
/// it came rather than re-encoded.
final class ResponseCapture: RequestContext {
  /// The options given on the command's shell line, for its requests only.
  let line: LineRequestOptions
  private let responses = Mutex<[JSON]>([])
  private let recordedHeads = Mutex<[ResponseHead]>([])

  /// A capture for the requests of a command run with `line`'s options.
  init(line: LineRequestOptions = LineRequestOptions()) { self.line = line }
  private let fallback = Mutex<CachedAnswer?>(nil)

  /// The oldest cached answer that stood in for an unreachable server (stale if any was).
  var offlineAnswer: CachedAnswer? { fallback.withLock { $0 } }

  /// The last response body captured, or nil.
  var lastResponse: JSON? { responses.withLock { $0.last } }

  /// Every response body captured, in order (the pages of `launches --all`).
  var allResponses: [JSON] { responses.withLock { $0 } }

  /// The status line and header fields of every response captured, in order (for `--include`).
  var heads: [ResponseHead] { recordedHeads.withLock { $0 } }

  /// Stores `json` after the bodies captured before.
  func record(_ json: JSON) { responses.withLock { $0.append(json) } }

  /// Stores the response's body, and notes a cached answer given because the server was down.
  func record(_ response: TransportResponse) {
    record(response.json)
    let head = ResponseHead(
      status: response.status, headers: response.headers, fromCache: response.cachedAnswer != nil)
    recordedHeads.withLock { $0.append(head) }
    guard let answer = response.cachedAnswer, answer.isOfflineFallback else { return }
    fallback.withLock { old in
      let stale = answer.isStale || old?.isStale == true
      if old.map({ $0.writtenAt > answer.writtenAt }) ?? true { old = answer }
      old?.isStale = stale
    }
  }
}

/// Hands each response to the request's `ResponseCapture`; the outermost step of the chain, so
/// it sees the answer the command gets, cached or not.
struct ResponseCaptureInterceptor: RequestInterceptor {
  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let response = try await chain.proceed(request)
    (request.context as? ResponseCapture)?.record(response)
    return response
  }
}
