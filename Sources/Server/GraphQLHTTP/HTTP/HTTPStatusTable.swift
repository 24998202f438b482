import GraphQL
import GraphQLWire
import HTTPServer

/// GraphQL over HTTP's answer to each way a request can end (`GraphQLResponse.Outcome`): the one
/// place where a service's answer gets its status and the headers that go with it.
enum HTTPStatusTable {
  /// `response` as the HTTP answer in `media`; a GET's executed answer says what caches may keep.
  static func answer(_ response: GraphQLResponse, media: ResponseMediaType, isGet: Bool) -> BufferedResponse {
    var status = 200
    var headers: [HTTPHeaderField] = []
    switch response.outcome {
    case .executed:
      if isGet {
        // An answer with errors is kept by no cache, as Apollo Server has it.
        let policy = response.errors.isEmpty ? response.cachePolicy : nil
        headers.append(HTTPHeaderField("Cache-Control", text: policy?.headerValue ?? "no-store"))
      }
    case .persistedQueryNotFound, .persistedQueryNotSupported:
      // As Apollo Server answers: clients retry with the text, and no cache keeps the miss.
      headers.append(HTTPHeaderField("Cache-Control", "private, no-cache, must-revalidate"))
    case .persistedQueryInvalid, .persistedQueryNotInList:
      // Malformed beyond what a client may read at 200, whatever the media type (as Apollo Server
      // and Router answer).
      status = 400
    case .conflict: status = 422
    case .unavailable: status = 503
    case .rateLimited(let seconds):
      status = 429
      headers.append(HTTPHeaderField("Retry-After", text: String(max(1, seconds))))
    case .operationNotAllowed where response.operationType == .mutation:
      if response.body.isEmpty {
        return .error(405, "Mutations can only be sent with POST.", media: media, allow: "POST")
      }
      status = 405
      headers.append(HTTPHeaderField("Allow", "POST"))
    case .operationNotAllowed where response.operationType == .subscription:
      return .error(406, subscriptionNeedsStream, media: media)
    case .parseFailed, .validationFailed, .errorBehaviorUnsupported, .operationResolutionFailed,
      .operationNotAllowed, .variableCoercionFailed, .costLimitExceeded, .refused:
      // A request error: 400 in GraphQL's own media type, 200 in plain JSON.
      status = media == .graphQLResponseJSON ? 400 : 200
    }
    return BufferedResponse(
      status: status, contentType: media.contentType, body: response.body, headers: headers)
  }

  /// What a subscription sent as a plain JSON request is told.
  static let subscriptionNeedsStream =
    "Subscriptions are streamed: send Accept: multipart/mixed;subscriptionSpec=1.0 (Apollo's HTTP "
    + "multipart) or Accept: text/event-stream (graphql-sse), or use a WebSocket at /graphql "
    + "(graphql-transport-ws or graphql-ws)."
}
