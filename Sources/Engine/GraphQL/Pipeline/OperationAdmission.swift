import GraphQLWire

/// What may run over one transport: the single place that decides whether a mutation or a
/// subscription is refused, and with which error, for every way a request reaches a schema
/// (HTTP GET and POST, the streaming transports, the program's in-process transport).
///
/// GraphQL over HTTP forbids mutations over GET (a GET must not change state); a transport that
/// answers with one response cannot carry a subscription's stream. Refusals are a stage of the
/// request pipeline (`GraphQLRequestProcessor.process`), after the operation is selected and before
/// any resolver runs. Apollo Server's
/// wording and `BAD_REQUEST` code, so clients written for it recognise the answer.
///
/// A plain value, safe to share between threads.
public struct OperationAdmission: Sendable, Hashable {
  /// Whether mutations may run.
  public var allowsMutations: Bool
  /// Whether subscriptions may run (only over a transport that can stream their events).
  public var allowsSubscriptions: Bool

  public init(allowsMutations: Bool, allowsSubscriptions: Bool) {
    self.allowsMutations = allowsMutations
    self.allowsSubscriptions = allowsSubscriptions
  }

  /// A plain HTTP POST, or an in-process call: queries and mutations, one response each.
  public static let singleResponse = OperationAdmission(allowsMutations: true, allowsSubscriptions: false)
  /// A plain HTTP GET: queries only.
  public static let safeMethod = OperationAdmission(allowsMutations: false, allowsSubscriptions: false)
  /// A transport that can stream (WebSocket, multipart, SSE): everything.
  public static let streaming = OperationAdmission(allowsMutations: true, allowsSubscriptions: true)

  /// The admission for a one-response HTTP request: `allowMutations` is false for GET.
  public static func http(allowMutations: Bool) -> OperationAdmission {
    allowMutations ? .singleResponse : .safeMethod
  }

  /// Why an operation of `type` may not run over this transport, or nil when it may.
  public func refusal(of type: OperationType) -> GraphQLError? {
    switch type {
    case .query: nil
    case .mutation:
      allowsMutations
        ? nil
        : GraphQLError("Can only perform a mutation operation from a POST request.").withCode("BAD_REQUEST")
    case .subscription:
      allowsSubscriptions
        ? nil : GraphQLError("Subscriptions are not supported over this transport.").withCode("BAD_REQUEST")
    }
  }
}
