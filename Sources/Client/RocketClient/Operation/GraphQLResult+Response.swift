import GraphQLAPI
import GraphQLWire

extension GraphQLResult {
  /// Reads a GraphQL response body: its `errors`, then its `data` decoded as `Data`.
  ///
  /// - Parameters:
  ///   - response: the response body as JSON.
  ///   - operationName: the operation it answers, for decoding error messages.
  ///   - endpointKey: the server it came from, for error messages.
  /// - Throws: ``RocketClientError``:
  ///   - `.notLoggedIn` when an error says the caller must log in (see ``isNotLoggedIn(_:)``);
  ///   - `.invalidResponse` when the body is not an object with `data` or `errors`;
  ///   - `.decoding` when `data` does not have the operation's shape, or a field failed where the
  ///     generated type has no null and no `@catch` takes the error (the error names the path, and
  ///     the server's message); a null that an error explains at a field read as non-null, outside
  ///     a `@catch`, is not one (``decodeData(_:errors:)``).
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

  /// Whether `error` means "log in first".
  ///
  /// True for `extensions.code` `UNAUTHENTICATED` (Apollo Server's code, which our backend uses),
  /// and for the hosted tutorial server's crash on a missing user: its `bookTrips` and
  /// `cancelTrip` read `user.id` without a login check and fail with Node's
  /// "Cannot read property 'id' of null" (or, on newer Node, "Cannot read properties of null
  /// (reading 'id')").
  public static func isNotLoggedIn(_ error: GraphQLError) -> Bool {
    if error.code == "UNAUTHENTICATED" { return true }
    let message = error.message
    return message.contains("Cannot read property 'id' of null")
      || message.contains("Cannot read property 'id' of undefined")
      || message.contains("Cannot read properties of null (reading 'id')")
      || message.contains("Cannot read properties of undefined (reading 'id')")
  }
}
