import GraphQLWire

/// Sends queries and mutations with the `onError` request parameter (`NULL` by default) to
/// servers that honour it, and without it (so `PROPAGATE`) to the others.
///
/// GraphQL advises not to send the parameter to a server not known to read it, so the first
/// query to an endpoint carries a value no server defines (``probeValue``): a server that reads
/// `onError` refuses it naming the parameter, and the query goes again with ``behavior``; one that
/// does not answers it, and that answer is used. The finding is kept for the process and in the
/// ``EndpointCapabilityMemory`` when given. A later refusal of the parameter sends the request
/// again without it. Mutations never probe. Place it after ``AutomaticPersistedQueryInterceptor``
/// and before ``RetryInterceptor`` and ``LoggingInterceptor``; subscriptions pass through (their
/// transports ask ``behavior(for:)``).
public struct ErrorBehaviorInterceptor: RequestInterceptor {
  /// The behavior asked of servers that honour `onError` (default `NULL`).
  public let behavior: ErrorBehavior
  /// Whether the server is known to honour `onError` without asking (the embedded backend).
  public let honouredWithoutProbe: Bool
  private let learnt = EndpointFindings<Bool>()
  private let applies: @Sendable (OutgoingRequest) -> Bool
  private let memory: (any EndpointCapabilityMemory)?
  private let note: (@Sendable (String, OutgoingRequest) -> Void)?

  /// - Parameters:
  ///   - applies: which requests get the parameter (default every query and mutation).
  ///   - memory: where findings outlive the process (default none).
  ///   - note: told in words what was found or recalled about an endpoint, once per endpoint
  ///     and process (and again when a server changes).
  public init(
    behavior: ErrorBehavior = .null, honouredWithoutProbe: Bool = false,
    applies: @escaping @Sendable (OutgoingRequest) -> Bool = { _ in true },
    memory: (any EndpointCapabilityMemory)? = nil, note: (@Sendable (String, OutgoingRequest) -> Void)? = nil
  ) {
    self.behavior = behavior
    self.honouredWithoutProbe = honouredWithoutProbe
    self.applies = applies
    self.memory = memory
    self.note = note
  }

  /// The `onError` to send to `endpointKey` as far as is known without a request: ``behavior``
  /// when the endpoint was found (or is recalled) to honour it, nil otherwise.
  public func behavior(for endpointKey: String) -> ErrorBehavior? {
    if honouredWithoutProbe { return behavior }
    if let known = learnt[endpointKey] { return known ? behavior : nil }
    return memory?.recall(.onError, at: endpointKey) == true ? behavior : nil
  }

  /// Sends the request with ``behavior`` to an endpoint that honours `onError`, finding that out
  /// with this request (a query) when it is not known yet.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    guard request.operationType != .subscription, request.operation.onError == nil, applies(request) else {
      return try await chain.proceed(request)
    }
    if honouredWithoutProbe { return try await chain.proceed(with(behavior, request)) }
    switch known(request) {
    case true?: return try await send(request, chain: chain, refused: "now refuses onError")
    case false?: return try await chain.proceed(request)
    case nil where request.operationType == .query: return try await probe(request, chain: chain)
    case nil: return try await chain.proceed(request)
    }
  }

  /// Sends `request` with ``behavior``; a refusal of the parameter sends it again without and
  /// records the endpoint as not honouring it (`how` says what it did).
  private func send(_ request: OutgoingRequest, chain: RequestChain, refused how: String)
    async throws(RocketClientError) -> TransportResponse
  {
    let response: TransportResponse
    do {
      response = try await chain.proceed(with(behavior, request))
    } catch {
      guard let reason = Self.refusal(error) else { throw error }
      let plain = try await chain.proceed(request)
      await found(request, honours: false, "\(how) (\(reason))")
      return plain
    }
    guard let reason = Self.refusal(response) else { return response }
    await found(request, honours: false, "\(how) (\(reason))")
    return try await chain.proceed(request)
  }

  /// Sends `request` with ``probeValue`` and acts on what the answer says.
  private func probe(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let response: TransportResponse
    do {
      response = try await chain.proceed(with(Self.probeValue, request))
    } catch {
      // A server that checks its body's keys before GraphQL sees them.
      guard let reason = Self.refusal(error) else { throw error }
      let plain = try await chain.proceed(request)
      await found(request, honours: false, "refuses the onError parameter (\(reason))")
      return plain
    }
    switch Self.verdict(on: response) {
    case .ignored:
      await found(
        request, honours: false,
        "does not honour onError (it answered a query carrying a value no server defines)")
      return response
    case .refused:
      let answer = try await send(request, chain: chain, refused: "refuses the onError parameter")
      if learnt[request.endpointKey] == nil {
        await found(request, honours: true, "honours onError (it refused a value no server defines)")
      }
      return answer
    case .inconclusive:
      return response
    }
  }

  /// What is known about the request's endpoint, in this process or recalled (said once).
  private func known(_ request: OutgoingRequest) -> Bool? {
    let endpoint = request.endpointKey
    if let known = learnt[endpoint] { return known }
    guard let recalled = memory?.recall(.onError, at: endpoint) else { return nil }
    if learnt.settle(endpoint, recalled) == nil {
      note?(
        "\(RocketClientError.displayed(endpoint)) \(recalled ? "honoured" : "did not honour") onError when last asked: "
          + Self.consequence(recalled), request)
    }
    return recalled
  }

  /// Records a finding, in the memory too, and says it when it changes what was known.
  private func found(_ request: OutgoingRequest, honours: Bool, _ how: String) async {
    let endpoint = request.endpointKey
    let changed = learnt.update(endpoint) { _ in honours } != honours
    await memory?.remember(.onError, at: endpoint, supported: honours)
    guard changed else { return }
    note?("\(RocketClientError.displayed(endpoint)) \(how): \(Self.consequence(honours))", request)
  }

  /// `request` with `onError` set to `value`.
  private func with(_ value: ErrorBehavior, _ request: OutgoingRequest) -> OutgoingRequest {
    var sent = request
    sent.operation.onError = value
    return sent
  }

  /// What the client does about an endpoint, in words.
  static func consequence(_ honours: Bool) -> String {
    honours
      ? "sending onError NULL, so a field that fails loses only itself (remembered for a day)"
      : "sending requests without onError, so errors propagate as GraphQL has them (remembered for a day)"
  }
}
