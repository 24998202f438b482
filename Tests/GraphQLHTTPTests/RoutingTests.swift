import Foundation
import GraphQL
import GraphQLWire
import Testing

@testable import GraphQLHTTP

@Suite struct RoutingTests {
  @Test func preflightIs204WithCORSHeaders() async throws {
    let server = try TestServer()
    let response = try await server.send(
      "OPTIONS",
      headers: [
        "Origin": "https://studio.apollographql.com", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, authorization",
      ])
    #expect(response.status == 204)
    #expect(response.body.isEmpty)
    #expect(response.header("Access-Control-Allow-Origin") == "*")
    let methods = try #require(response.header("Access-Control-Allow-Methods"))
    #expect(methods.contains("GET") && methods.contains("POST"))
    let headers = try #require(response.header("Access-Control-Allow-Headers")).lowercased()
    for name in ["content-type", "authorization", "accept"] { #expect(headers.contains(name)) }
  }

  @Test func everyResponseAllowsAnyOrigin() async throws {
    let server = try TestServer()
    let ok = try await server.post(#"{"query":"{ __typename }"}"#)
    let bad = try await server.post("{")
    let missing = try await server.send("GET", "/nowhere")
    for response in [ok, bad, missing] { #expect(response.header("Access-Control-Allow-Origin") == "*") }
  }

  @Test(arguments: ["/nowhere", "/graphql/", "/graphqlx", "/GRAPHQL"])
  func unknownPathsAre404JSON(path: String) async throws {
    let server = try TestServer()
    let response = try await server.send("GET", path)
    #expect(response.status == 404)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    #expect(response.json?["errors"]?[0]?["message"]?.stringValue?.contains("/graphql") == true)
  }

  @Test func rootPagePointsToTheEndpoint() async throws {
    let server = try TestServer()
    let response = try await server.send("GET", "/")
    #expect(response.status == 200)
    #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
    #expect(response.text.contains("/graphql"))
    #expect(try await server.send("POST", "/", body: Array("x".utf8)).status == 405)
  }
}

@Suite struct MediaTypeNegotiationTests {
  @Test func qualityValuesAndOrderDecide() {
    let negotiate = MediaTypeNegotiation.negotiate(accept:)
    #expect(negotiate(nil) == .json)
    #expect(negotiate("") == .json)
    #expect(negotiate("application/graphql-response+json, application/json;q=0.9") == .graphQLResponseJSON)
    #expect(negotiate("application/json, application/graphql-response+json") == .json)
    #expect(negotiate("application/graphql-response+json, application/json") == .graphQLResponseJSON)
    #expect(negotiate("application/json;q=0.5, application/graphql-response+json") == .graphQLResponseJSON)
    #expect(negotiate("application/graphql-response+json;q=0.1, */*") == .json)
    #expect(negotiate("application/graphql-response+json; charset=utf-8") == .graphQLResponseJSON)
    #expect(negotiate("application/json;q=0, */*") == nil)
    #expect(negotiate("text/html;q=0, */*") == .json)
    #expect(negotiate("application/json;q=0, application/*;q=0") == nil)
    #expect(negotiate("text/html, image/png") == nil)
    #expect(negotiate("application/json; q=abc") == nil)
  }

  @Test func contentTypeMustBeUTF8JSON() {
    let check = MediaTypeNegotiation.isJSONContentType
    #expect(check("application/json"))
    #expect(check("application/json; charset=utf-8"))
    #expect(check("APPLICATION/JSON;charset=\"utf8\"; boundary=x"))
    #expect(!check("application/json; charset=latin1"))
    #expect(!check("application/jsonx"))
    #expect(!check("text/json"))
    #expect(!check(""))
  }
}
