import Foundation
import GraphQL

/// Sends requests to a server of the API with GraphQL over HTTP: a JSON `POST`.
///
/// Every request carries `Content-Type: application/json`,
/// `Accept: application/graphql-response+json, application/json`, the operation name in
/// `X-APOLLO-OPERATION-NAME` (as apollo-ios sends it) and, when logged in, `Authorization`.
/// A JSON body is read whatever the status code, since GraphQL servers answer request errors
/// with 400 and a GraphQL body. Failures name the endpoint (see ``HTTPTransportError``).
///
/// Thread safety: immutable; share one transport between tasks.
public struct HTTPTransport: NetworkTransport {
  /// The GraphQL endpoint, such as `http://127.0.0.1:4000/graphql`.
  public let endpoint: URL
  private let client: HTTPClient

  /// A transport for `endpoint`.
  ///
  /// - Parameters:
  ///   - endpoint: the GraphQL endpoint URL (`http://` or `https://`).
  ///   - client: the HTTP client to use (default: a new one with a 30 second timeout).
  public init(endpoint: URL, client: HTTPClient = HTTPClient()) {
    self.endpoint = endpoint
    self.client = client
  }

  /// POSTs `request` and returns the GraphQL response body.
  ///
  /// - Throws: ``RocketClientError/transport(_:)`` for a failed exchange or a body that is not
  ///   JSON; ``RocketClientError/invalidResponse(endpoint:reason:)`` for JSON that is not a GraphQL
  ///   response (unless the status is 5xx, which is a `.transport` server error);
  ///   ``RocketClientError/cancelled`` when the task is cancelled.
  public func send(
    _ request: GraphQLRequest, authorization: String?
  ) async throws(RocketClientError) -> JSON {
    var headers = [
      "Content-Type": "application/json",
      "Accept": "application/graphql-response+json, application/json",
    ]
    if let name = request.operationName { headers["X-APOLLO-OPERATION-NAME"] = name }
    if let authorization { headers["Authorization"] = authorization }
    let response: HTTPResponse
    do {
      response = try await client.post(
        url: endpoint, body: Data(request.json.encoded()), headers: headers)
    } catch HTTPTransportError.cancelled {
      throw RocketClientError.cancelled
    } catch let error as HTTPTransportError {
      throw RocketClientError.transport(error)
    } catch {
      throw RocketClientError.transport(.failed(endpoint: endpoint, detail: "\(error)"))
    }
    if let failure = HTTPTransportError.classify(response, from: endpoint) {
      throw RocketClientError.transport(failure)
    }
    return try body(of: response)
  }

  /// Parses the body and checks that it is a GraphQL response.
  private func body(of response: HTTPResponse) throws(RocketClientError) -> JSON {
    let json: JSON
    do {
      json = try JSON(parsing: [UInt8](response.body))
    } catch {
      throw RocketClientError.invalidResponse(
        endpoint: endpoint.absoluteString,
        reason: "HTTP \(response.status) with a body that is not valid JSON (\(error))")
    }
    guard json["data"] != nil || json["errors"] != nil else {
      if response.isServerError {
        throw RocketClientError.transport(
          .serverError(endpoint: endpoint, status: response.status, body: .json))
      }
      throw RocketClientError.invalidResponse(
        endpoint: endpoint.absoluteString,
        reason: "HTTP \(response.status) with JSON that is not a GraphQL response")
    }
    return json
  }
}
