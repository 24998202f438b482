import GraphQL
import GraphQLWire
import HTTPServer

/// A POST whose `extensions` hold `"validateOnly": true`: the document is validated and never
/// executed, so an editor can show the server's messages as one types. The answer (200) is
/// `{"errors":[...]}` or `{"data":null,"extensions":{"valid":true}}`.
enum ValidationOnly {
  /// Whether `request` asks only for validation.
  static func isRequested(_ request: GraphQLRequest) -> Bool {
    request.extensions?["validateOnly"] == .bool(true)
  }

  /// The answer for `request`; a service that cannot validate alone answers 400.
  static func answer(_ request: GraphQLRequest, service: any GraphQLService, media: ResponseMediaType)
    -> BufferedResponse
  {
    guard let errors = service.validationErrors(of: request.query) else {
      return .error(400, "This server does not validate documents alone.", media: media)
    }
    let body: JSON =
      errors.isEmpty
      ? .object(["data": .null, "extensions": .object(["valid": .bool(true)])])
      : .object(["errors": .array(errors.map(\.json))])
    var response = BufferedResponse(
      status: 200, contentType: media.contentType, body: body.encoded(),
      headers: [HTTPHeaderField("Cache-Control", "no-store")])
    response.logLabel = "validateOnly"
    response.errorCount = errors.count
    return response
  }
}
