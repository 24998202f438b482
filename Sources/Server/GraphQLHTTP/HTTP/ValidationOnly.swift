import GraphQL
import GraphQLWire
import HTTPServer

/// A POST whose `extensions` hold `"validateOnly": true`: the document is parsed and validated
/// against the schema and never executed (no operation is selected, no variable coerced, no
/// resolver runs), so an editor can show the server's own messages as one types, a mutation
/// included. The answer is `{"errors":[...]}` with the messages and their locations, or
/// `{"data":null,"extensions":{"valid":true}}` for a valid document; status 200 either way.
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
