import GraphQLWire
import Synchronization

/// Automatic persisted queries (APQ) as Apollo's clients speak them: each operation goes out
/// first as the SHA-256 of its text, and the text follows only when the server does not know it.
///
/// The first attempt sends `extensions.persistedQuery = {"version":1,"sha256Hash":"…"}` without
/// `query`; a query goes by GET then (``OutgoingRequest/httpMethod``), so HTTP caches between
/// client and server can answer it; a mutation stays a POST. When the server answers
/// `PersistedQueryNotFound` (Apollo's clients match the message, not the code), the request goes
/// once more by POST with the text and the hash, which registers it. When the server cannot do
/// APQ at all (`PersistedQueryNotSupported`, or a 400, 404, 405 or 500 answer to the hashed
/// attempt that is not one of its known refusals), the request is sent as it was, and this
/// interceptor stops hashing for that endpoint for the rest of the session, as Apollo Client's
/// `disable` does; a server that safelists (`PERSISTED_QUERY_NOT_IN_LIST`) is not switched off,
/// since its known operations work only by hash.
///
/// Place it before ``RetryInterceptor`` and ``LoggingInterceptor``, so each attempt is retried
/// and reported on its own. Subscriptions and requests without a text (already persisted) pass
/// through untouched.
///
/// Thread safety: the set of endpoints that cannot do APQ is behind a `Mutex`; share one
/// interceptor (and so what it learnt) between the tasks of a session.
public struct AutomaticPersistedQueryInterceptor: RequestInterceptor {
  /// Whether hashed queries go by GET (default true); mutations always go by POST.
  public let usesGETForQueries: Bool
  private let unsupported: Unsupported

  /// - Parameter usesGETForQueries: send hashed queries by GET (default true).
  public init(usesGETForQueries: Bool = true) {
    self.usesGETForQueries = usesGETForQueries
    unsupported = Unsupported()
  }

  /// Whether this interceptor has stopped hashing for `endpointKey`, because the server there
  /// cannot do APQ.
  public func isDisabled(for endpointKey: String) -> Bool {
    unsupported.endpoints.withLock { $0.contains(endpointKey) }
  }

  /// Sends the request by hash first, and with its text when the server asks for it.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    guard request.operationType != .subscription, !request.operation.query.isEmpty,
      request.operation.extensions?["persistedQuery"] == nil, !isDisabled(for: request.endpointKey)
    else { return try await chain.proceed(request) }

    let hash = Self.persistedQuery(SHA256.hexDigest(request.operation.query))
    var hashed = request
    hashed.operation.query = ""
    var extensions = request.operation.extensions ?? JSONObject()
    extensions["persistedQuery"] = hash
    hashed.operation.extensions = extensions
    if request.operationType == .query && usesGETForQueries { hashed.httpMethod = .get }

    let response: TransportResponse
    do {
      response = try await chain.proceed(hashed)
    } catch .transport(let failure) where Self.cannotTakeHashes(status: failure.status) {
      disable(request.endpointKey)
      return try await chain.proceed(request)
    }
    switch Self.verdict(on: response) {
    case .answered:
      return response
    case .notFound:
      var full = request
      full.operation.extensions = hashed.operation.extensions
      return try await chain.proceed(full)
    case .notSupported:
      disable(request.endpointKey)
      return try await chain.proceed(request)
    }
  }

  private func disable(_ endpointKey: String) {
    _ = unsupported.endpoints.withLock { $0.insert(endpointKey) }
  }

  /// The `persistedQuery` extension for `hash`.
  static func persistedQuery(_ hash: String) -> JSON {
    .object(["version": .int(1), "sha256Hash": .string(hash)])
  }

  /// What an answer to the hashed attempt says about APQ.
  enum Verdict {
    /// An answer to the operation itself (data, or errors of the operation).
    case answered
    /// The server does not have the text yet: send it.
    case notFound
    /// The server cannot take hashes: send the request as it was, and stop hashing.
    case notSupported
  }

  static func verdict(on response: TransportResponse) -> Verdict {
    let errors = response.json["errors"]?.arrayValue ?? []
    let messages = errors.compactMap { $0["message"]?.stringValue }
    if messages.contains("PersistedQueryNotFound") { return .notFound }
    if messages.contains("PersistedQueryNotSupported") { return .notSupported }
    let codes = errors.compactMap { $0["extensions"]?["code"]?.stringValue }
    // A server that knows APQ refuses by code; one that does not answers the missing text with
    // a request error ("Must provide query string") at 400, or 500 as Apollo Server 2 did.
    if let status = response.status, cannotTakeHashes(status: status), response.json["data"] == nil,
      !codes.contains(where: knownRefusals.contains)
    {
      return .notSupported
    }
    return .answered
  }

  /// Codes a server that does APQ answers a hashed request with, which say nothing against APQ.
  static let knownRefusals: Set<String> = [
    "PERSISTED_QUERY_NOT_IN_LIST", "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "UNAUTHENTICATED",
  ]

  /// Statuses a server without APQ answers a request without `query` with (or a GET with, when
  /// it takes only POST).
  static func cannotTakeHashes(status: Int?) -> Bool {
    guard let status else { return false }
    return status == 400 || status == 404 || status == 405 || status == 500
  }

  /// The endpoints found unable to take hashes, shared by every copy of the interceptor.
  private final class Unsupported: Sendable {
    let endpoints = Mutex<Set<String>>([])
  }
}
