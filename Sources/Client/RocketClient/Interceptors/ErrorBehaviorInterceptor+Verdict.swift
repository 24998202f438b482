import GraphQLWire

extension ErrorBehaviorInterceptor {
  /// The `onError` value the first query to an endpoint carries: no server defines it.
  static let probeValue = ErrorBehavior(rawValue: "ROCKET_RESERVER_PROBE")

  /// What the answer to a query sent with ``probeValue`` says about the server.
  enum Verdict: Equatable {
    /// It answered the query (there is data): it does not read `onError`.
    case ignored
    /// It refused the value with a request error naming `onError`: it reads the parameter.
    case refused
    /// Neither: nothing learnt, the answer stands.
    case inconclusive
  }

  static func verdict(on response: TransportResponse) -> Verdict {
    if let data = response.json["data"], data != .null { return .ignored }
    return refusal(response) == nil ? .inconclusive : .refused
  }

  /// Why `response` is a refusal of the `onError` parameter (a request error, without data,
  /// naming it), or nil when it is not.
  static func refusal(_ response: TransportResponse) -> String? {
    guard response.json["data"] == nil || response.json["data"] == .null else { return nil }
    let messages = (response.json["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
    guard let message = messages.first(where: { $0.lowercased().contains("onerror") }) else { return nil }
    let status = response.status.map { "HTTP \($0) " } ?? ""
    return status + String(reflecting: message)
  }

  /// Why a failed request with `onError` shows the server refuses the parameter (a 400 or 422
  /// that is not a GraphQL answer); nil otherwise.
  static func refusal(_ error: RocketClientError) -> String? {
    guard case .transport(let failure) = error, let status = failure.status, [400, 422].contains(status)
    else { return nil }
    return "HTTP \(status)"
  }
}
