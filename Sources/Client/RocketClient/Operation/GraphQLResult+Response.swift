import GraphQLAPI
import GraphQLWire

extension GraphQLResult {
  /// Reads a GraphQL response body: its `errors`, then its `data` decoded as `Data`.
  ///
  /// - Throws: ``RocketClientError``: `.notLoggedIn` when an error says so (``isNotLoggedIn(_:)``),
  ///   `.invalidResponse` for a body that is not a GraphQL response, `.decoding` when `data` does
  ///   not have the operation's shape (``decodeData(_:errors:)``).
  public init(
    response: JSON, operationName: String, endpointKey: String
  ) throws(RocketClientError) {
    guard case .object(let body) = response, body["data"] != nil || body["errors"] != nil else {
      throw RocketClientError.invalidResponse(
        endpoint: endpointKey, reason: "the JSON body has neither \"data\" nor \"errors\"")
    }
    var errors: [GraphQLError] = []
    if let list = body["errors"], !list.isNull {
      guard case .array(let entries) = list else {
        throw RocketClientError.invalidResponse(endpoint: endpointKey, reason: "\"errors\" is not a list")
      }
      errors = entries.map(GraphQLError.init(responseJSON:))
    }
    if let denied = errors.first(where: Self.isNotLoggedIn) {
      throw RocketClientError.notLoggedIn(endpoint: endpointKey, serverMessage: denied.message)
    }
    switch body["data"] ?? .null {
    case .null:
      guard !errors.isEmpty else {
        throw RocketClientError.invalidResponse(
          endpoint: endpointKey, reason: "the response has neither data nor errors")
      }
      self.init(data: nil, errors: errors)
    case .object(let object):
      do {
        self.init(data: try Self.decodeData(object, errors: errors), errors: errors)
      } catch let error as ResponseDecodingError {
        throw RocketClientError.decoding(operation: operationName, error)
      } catch {
        throw RocketClientError.decoding(
          operation: operationName, ResponseDecodingError(path: [], reason: "\(error)"))
      }
    default:
      throw RocketClientError.invalidResponse(endpoint: endpointKey, reason: "\"data\" is not an object")
    }
  }

  /// Whether `error` means "log in first": `UNAUTHENTICATED`, or the hosted tutorial server's
  /// Node crash reading `user.id` without a login.
  public static func isNotLoggedIn(_ error: GraphQLError) -> Bool {
    if error.code == "UNAUTHENTICATED" { return true }
    return [
      "property 'id' of null", "property 'id' of undefined", "properties of null (reading 'id')",
      "properties of undefined (reading 'id')",
    ].contains { error.message.contains("Cannot read " + $0) }
  }
}
