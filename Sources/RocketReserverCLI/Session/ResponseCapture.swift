import GraphQL
import RocketClient
import Synchronization

/// Keeps the raw JSON responses of the requests one command makes, so `--json` can print the
/// server's `data` exactly as it came, not as re-encoded Swift values. Each request carries it as
/// its context (`CommandRequests`); `ResponseCaptureInterceptor` fills it.
///
/// Thread safety: the stored responses are behind a `Mutex`.
final class ResponseCapture: RequestContext {
  private let responses = Mutex<[JSON]>([])
  private let fallback = Mutex<CachedAnswer?>(nil)

  /// The oldest cached answer that stood in for an unreachable server, if any; stale when any
  /// of them was.
  var offlineAnswer: CachedAnswer? { fallback.withLock { $0 } }

  /// The last response body captured, or nil.
  var lastResponse: JSON? { responses.withLock { $0.last } }

  /// Every response body captured, in order (the pages of `launches --all`).
  var allResponses: [JSON] { responses.withLock { $0 } }

  /// Stores `json` after the bodies captured before.
  func record(_ json: JSON) { responses.withLock { $0.append(json) } }

  /// Stores the response's body, and notes a cached answer given because the server was down.
  func record(_ response: TransportResponse) {
    record(response.json)
    guard let answer = response.cachedAnswer, answer.isOfflineFallback else { return }
    fallback.withLock { old in
      let stale = answer.isStale || old?.isStale == true
      if old.map({ $0.writtenAt > answer.writtenAt }) ?? true { old = answer }
      old?.isStale = stale
    }
  }
}
