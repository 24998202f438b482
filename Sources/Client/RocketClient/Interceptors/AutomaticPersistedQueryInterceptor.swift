import GraphQLWire

/// Automatic persisted queries (APQ) as Apollo's clients speak them: each operation goes out
/// first as the SHA-256 of its text (a query by GET, so HTTP caches can answer it), and the text
/// follows by POST only when the server answers `PersistedQueryNotFound`.
///
/// Any other answer that is not a GraphQL answer to the hash (`PersistedQueryNotSupported`, a
/// 404/405/501, a request error without data, a body that is not a GraphQL response) means the
/// server cannot take hashes: the request goes as it was, and hashing stops for that endpoint,
/// for the process and in the ``EndpointCapabilityMemory`` when given. A safelisting server
/// (`PERSISTED_QUERY_NOT_IN_LIST`) or an overloaded one (429, 502-504) is not switched off.
/// Place it before ``RetryInterceptor`` and ``LoggingInterceptor``.
public struct AutomaticPersistedQueryInterceptor: RequestInterceptor {
  private let learnt = EndpointFindings<EndpointState>()
  private let memory: (any EndpointCapabilityMemory)?
  private let note: (@Sendable (String, OutgoingRequest) -> Void)?

  /// - Parameters:
  ///   - memory: where findings outlive the process (default none).
  ///   - note: told in words when hashing stops for an endpoint, or is skipped because the
  ///     memory says so, once per endpoint and process.
  public init(
    memory: (any EndpointCapabilityMemory)? = nil, note: (@Sendable (String, OutgoingRequest) -> Void)? = nil
  ) {
    self.memory = memory
    self.note = note
  }

  /// Whether this interceptor has stopped hashing for `endpointKey`, because the server there
  /// cannot do APQ (found in this process or recalled from the memory).
  public func isDisabled(for endpointKey: String) -> Bool {
    state(of: endpointKey).isDisabled
  }

  /// Sends the request by hash first, and with its text when the server asks for it.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    guard request.operationType != .subscription, !request.operation.query.isEmpty,
      request.operation.extensions?["persistedQuery"] == nil
    else { return try await chain.proceed(request) }
    switch state(of: request.endpointKey) {
    case .found:
      return try await chain.proceed(request)
    case .recalled(let noted):
      if !noted {
        learnt.update(request.endpointKey) { _ in .recalled(noted: true) }
        note?(
          "\(RocketClientError.displayed(request.endpointKey)) took no persisted queries when last asked: sending the text by POST"
            + " (remembered for a day)", request)
      }
      return try await chain.proceed(request)
    case .unknown:
      break
    }

    let hash = Self.persistedQuery(SHA256.hexDigest(request.operation.query))
    var hashed = request
    hashed.operation.query = ""
    var extensions = request.operation.extensions ?? JSONObject()
    extensions["persistedQuery"] = hash
    hashed.operation.extensions = extensions
    if request.operationType == .query { hashed.httpMethod = .get }

    let response: TransportResponse
    do {
      response = try await chain.proceed(hashed)
    } catch {
      guard let reason = Self.refusal(error) else { throw error }
      await disable(request, hashed: hashed, because: reason)
      return try await chain.proceed(request)
    }
    switch Self.verdict(on: response) {
    case .answered:
      return response
    case .notFound:
      var full = request
      full.operation.extensions = hashed.operation.extensions
      return try await chain.proceed(full)
    case .notSupported(let reason):
      await disable(request, hashed: hashed, because: reason)
      return try await chain.proceed(request)
    }
  }

  private func state(of endpointKey: String) -> EndpointState {
    if let known = learnt[endpointKey] { return known }
    let recalled = memory?.recall(.persistedQueries, at: endpointKey) == false
    let state: EndpointState = recalled ? .recalled(noted: false) : .unknown
    return learnt.settle(endpointKey, state) ?? state
  }

  private func disable(_ request: OutgoingRequest, hashed: OutgoingRequest, because reason: String) async {
    // Only the call that finds it out goes on, so the note is said once.
    let before = learnt.update(request.endpointKey) { known in
      known.map { $0 == .unknown ? .found : $0 } ?? .found
    }
    guard before == nil || before == .unknown else { return }
    await memory?.remember(.persistedQueries, at: request.endpointKey, supported: false)
    let how = hashed.httpMethod == .get ? "a hash by GET" : "a hash by POST"
    note?(
      "\(RocketClientError.displayed(request.endpointKey)) does not take persisted queries (\(how) was answered \(reason)):"
        + " sending the text by POST from now on (remembered for a day)", request)
  }

  /// The `persistedQuery` extension for `hash`.
  static func persistedQuery(_ hash: String) -> JSON {
    .object(["version": .int(1), "sha256Hash": .string(hash)])
  }

  /// What an answer to the hashed attempt says about APQ.
  enum Verdict: Equatable {
    /// An answer to the operation itself (data, or errors of the operation).
    case answered
    /// The server does not have the text yet: send it.
    case notFound
    /// The server cannot take hashes (the words say how it answered): send the request as it
    /// was, and stop hashing.
    case notSupported(String)
  }

  static func verdict(on response: TransportResponse) -> Verdict {
    let errors = response.json["errors"]?.arrayValue ?? []
    let messages = errors.compactMap { $0["message"]?.stringValue }
    if messages.contains("PersistedQueryNotFound") { return .notFound }
    if messages.contains("PersistedQueryNotSupported") { return .notSupported("PersistedQueryNotSupported") }
    let codes = errors.compactMap { $0["extensions"]?["code"]?.stringValue }
    // A server that knows APQ answers the hash with data, or refuses it by a code; one that does
    // not answers the missing text with a request error, which has no data ("Must provide query
    // string." at 400 from express-graphql, 500 from Apollo Server 2, 200 from some).
    guard response.json["data"] == nil, !codes.contains(where: knownRefusals.contains),
      !saysNothingAboutAPQ(status: response.status)
    else { return .answered }
    let status = response.status.map { "HTTP \($0)" } ?? "an answer"
    return .notSupported(messages.first.map { "\(status) \(String(reflecting: $0))" } ?? status)
  }

  /// Why a failed hashed attempt shows the server cannot take hashes, or nil when the failure
  /// says nothing about APQ (the server unreachable, overloaded or down; a cancel).
  static func refusal(_ error: RocketClientError) -> String? {
    switch error {
    case .transport(let failure):
      guard let status = failure.status, !saysNothingAboutAPQ(status: status) else { return nil }
      switch failure {
      case .notJSON(_, _, let body), .serverError(_, _, let body): return "HTTP \(status) with \(body)"
      default: return "HTTP \(status)"
      }
    case .invalidResponse(_, let reason):
      return reason
    default:
      return nil
    }
  }

  /// Statuses that are about the server's load or the client's rights, not about APQ: the same
  /// request with its text would get them too.
  static func saysNothingAboutAPQ(status: Int?) -> Bool {
    guard let status else { return false }
    return [401, 403, 408, 429, 502, 503, 504].contains(status)
  }

  /// Codes a server that does APQ answers a hashed request with, which say nothing against APQ.
  static let knownRefusals: Set<String> = [
    "PERSISTED_QUERY_NOT_IN_LIST", "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED",
    "UNAUTHENTICATED", "FORBIDDEN",
  ]

  /// What the interceptor knows of an endpoint.
  enum EndpointState: Equatable {
    /// Nothing yet: try the hash.
    case unknown
    /// Found in this process to take no hashes.
    case found
    /// Recalled from the memory to take no hashes; `noted` once the caller was told.
    case recalled(noted: Bool)

    var isDisabled: Bool { self != .unknown }
  }
}
