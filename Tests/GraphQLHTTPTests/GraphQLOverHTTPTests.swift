import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

@testable import GraphQLHTTP

/// The GraphQL over HTTP draft's requirements (media types, methods, parameters, status codes),
/// over real HTTP.
@Suite struct GraphQLOverHTTPTests {
  static let gqlJSON = "application/graphql-response+json"
  static let typename = #"{"query":"{ __typename }"}"#

  @Test func acceptJSONGetsJSON() async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, accept: "application/json")
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    #expect(response.json?["data"]?["__typename"] == .string("Query"))
  }

  @Test func acceptGraphQLResponseJSONGetsIt() async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, accept: Self.gqlJSON)
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "\(Self.gqlJSON); charset=utf-8")
  }

  @Test(arguments: ["*/*", "application/*", "application/json;q=0.5, text/html"])
  func wildcardAcceptGetsJSON(accept: String) async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, accept: accept)
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
  }

  @Test func noAcceptHeaderGetsJSON() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    let body = Self.typename
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    let response = try #require(connection.readResponse())
    #expect(response.status == 200)
    #expect(response.head.contains("Content-Type: application/json; charset=utf-8"))
    #expect(response.body.contains(#""__typename":"Query""#))
  }

  @Test(arguments: [
    "application/json", "application/json; charset=utf-8", "Application/JSON;Charset=\"UTF-8\"",
  ])
  func utf8QueryWorksWithAndWithoutCharset(contentType: String) async throws {
    let server = try TestServer()
    let query = "{ __typename } # ünïcödé 🚀"
    let response = try await server.post(
      #"{"query":"\#(query)"}"#, headers: ["Content-Type": contentType])
    #expect(response.status == 200)
    #expect(response.json?["data"]?["echo"]?["query"] == .string(query))
  }

  @Test func otherCharsetIsUnsupported() async throws {
    let server = try TestServer()
    let response = try await server.post(
      Self.typename, headers: ["Content-Type": "application/json; charset=iso-8859-1"])
    #expect(response.status == 415)
  }

  @Test func invalidUTF8BodyIs400() async throws {
    let server = try TestServer()
    var body = Array(#"{"query":"{ __typename } # "#.utf8)
    body += [0xC3, 0x28, 0xFF]
    body += Array(#""}"#.utf8)
    let response = try await server.send(
      "POST", headers: ["Content-Type": "application/json", "Accept": "application/json"], body: body)
    #expect(response.status == 400)
    #expect(response.json?["errors"]?[0]?["message"]?.stringValue?.contains("UTF-8") == true)
  }

  @Test func getQueryIsAllowed() async throws {
    let server = try TestServer()
    let response = try await server.get([("query", "{ __typename }")])
    #expect(response.status == 200)
    #expect(response.json?["data"]?["__typename"] == .string("Query"))
  }

  @Test func getMutationIs405AllowPost() async throws {
    let server = try TestServer()
    let response = try await server.get([("query", "mutation { login(email: \"a@b.co\") { id } }")])
    #expect(response.status == 405)
    #expect(response.header("Allow") == "POST")
    #expect(response.json?["errors"]?[0]?["message"] != nil)
  }

  @Test func getWithURLEncodedVariablesAndExtensions() async throws {
    let server = try TestServer()
    let response = try await server.get([
      ("query", "query Q($x: Int) { n(x: $x) }"), ("variables", #"{"x":42,"s":"a&b=c+d"}"#),
      ("extensions", #"{"persistedQuery":{"version":1}}"#), ("operationName", "Q"),
    ])
    #expect(response.status == 200)
    let echo = try #require(response.json?["data"]?["echo"])
    #expect(echo["variables"] == .object(["x": .int(42), "s": .string("a&b=c+d")]))
    #expect(echo["extensions"]?["persistedQuery"]?["version"] == .int(1))
    #expect(echo["operationName"] == .string("Q"))
  }

  @Test func getDecodesFormEncodedPlusAsSpace() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "GET /graphql?query=%7B+__typename+%7D&variables=%7B%22a%22%3A%22x+y%22%7D HTTP/1.1\r\n"
        + "Host: x\r\nConnection: close\r\n\r\n")
    let response = try #require(connection.readResponse())
    #expect(response.status == 200)
    #expect(response.body.contains(#""query":"{ __typename }""#))
    #expect(response.body.contains(#""variables":{"a":"x y"}"#))
  }

  @Test(arguments: [#"[1]"#, #""x""#, "7", "{", "true"])
  func getWithBadVariablesIs400(variables: String) async throws {
    let server = try TestServer()
    let response = try await server.get([("query", "{ __typename }"), ("variables", variables)])
    #expect(response.status == 400)
    #expect(response.json?["errors"] != nil)
  }

  @Test func getWithoutQueryOrWithInvalidUTF8Is400() async throws {
    let server = try TestServer()
    #expect(try await server.get([("operationName", "Q")]).status == 400)
    let invalid = try await server.send("GET", "/graphql?query=%7B%20a%20%FF%7D", headers: ["Accept": "*/*"])
    #expect(invalid.status == 400)
  }

  @Test func postWithoutContentTypeIs415() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    let body = Self.typename
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    let response = try #require(connection.readResponse())
    #expect(response.status == 415)
  }

  @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/graphql"])
  func postWithUnsupportedContentTypeIs415(contentType: String) async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, headers: ["Content-Type": contentType])
    #expect(response.status == 415)
    #expect(response.json?["errors"] != nil)
  }

  @Test(arguments: [
    "", "{", "not json", #"{"query":"{ __typename }"} trailing"#, "[]", #""{ __typename }""#,
    #"{"operationName":"Q"}"#, #"{"query":null}"#, #"{"query":7}"#, #"{"query":true}"#,
    #"{"query":["{ a }"]}"#, #"{"query":{"a":1}}"#,
  ])
  func badBodyOrQueryIs400(body: String) async throws {
    let server = try TestServer()
    for accept in ["application/json", Self.gqlJSON] {
      let response = try await server.post(body, accept: accept)
      #expect(response.status == 400, "\(body) with \(accept)")
      #expect(response.json?["errors"]?[0]?["message"]?.stringValue != nil)
      #expect(response.json?["data"] == nil)
    }
  }

  @Test(arguments: [
    #""operationName":7"#, #""operationName":true"#, #""operationName":{}"#, #""operationName":[]"#,
    #""variables":"{}""#, #""variables":7"#, #""variables":[]"#, #""variables":false"#,
    #""extensions":"{}""#, #""extensions":1"#, #""extensions":[]"#, #""extensions":true"#,
  ])
  func parameterOfWrongTypeIs400(parameter: String) async throws {
    let server = try TestServer()
    let response = try await server.post(#"{"query":"{ __typename }",\#(parameter)}"#)
    #expect(response.status == 400)
  }

  @Test func nullParametersAreFine() async throws {
    let server = try TestServer()
    let response = try await server.post(
      #"{"query":"{ __typename }","operationName":null,"variables":null,"extensions":null}"#)
    #expect(response.status == 200)
    #expect(response.json?["errors"] == nil)
    #expect(response.json?["data"]?["__typename"] == .string("Query"))
  }

  @Test func operationNameAndUnknownParametersPassThrough() async throws {
    let server = try TestServer()
    let response = try await server.post(
      #"{"query":"query A { a } query B { b }","operationName":"B","variables":{"v":[1,2.5]},"#
        + #""extensions":{"e":"x"},"unknown":{"ignored":true},"id":3}"#)
    #expect(response.status == 200)
    let echo = try #require(response.json?["data"]?["echo"])
    #expect(echo["operationName"] == .string("B"))
    #expect(echo["variables"] == .object(["v": .array([.int(1), .double(2.5)])]))
    #expect(echo["extensions"] == .object(["e": .string("x")]))
  }

  @Test(arguments: ["{ parseError", "{ validationError }", "query ($x: Int) { n(x: $x) }"])
  func requestErrorsAre200ForJSON(query: String) async throws {
    let server = try TestServer()
    let response = try await server.post(#"{"query":"\#(query)","variables":{"x":"a"}}"#)
    #expect(response.status == 200)
    #expect(response.json?["errors"]?[0]?["message"] != nil)
    #expect(response.json?["data"] == nil)
  }

  @Test(arguments: ["{ parseError", "{ validationError }", "query ($x: Int) { n(x: $x) }"])
  func requestErrorsAre400ForGraphQLResponseJSON(query: String) async throws {
    let server = try TestServer()
    let response = try await server.post(
      #"{"query":"\#(query)","variables":{"x":"a"}}"#, accept: Self.gqlJSON)
    #expect(response.status == 400)
    #expect(response.header("Content-Type") == "\(Self.gqlJSON); charset=utf-8")
    #expect(response.json?["errors"]?[0]?["message"] != nil)
    #expect(response.json?["data"] == nil)
  }

  @Test(arguments: ["PUT", "DELETE", "PATCH", "HEAD"])
  func otherMethodsAre405(method: String) async throws {
    let server = try TestServer()
    let response = try await server.send(
      method, headers: ["Content-Type": "application/json"],
      body: method == "HEAD" ? nil : Array(Self.typename.utf8))
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, POST")
  }

  @Test(arguments: [
    "text/html", "application/xml, text/plain", "application/json;q=0", "application/json; charset=utf-16",
  ])
  func unacceptableAcceptIs406(accept: String) async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, accept: accept)
    #expect(response.status == 406)
  }

  @Test func serviceFailureIsAGeneric500() async throws {
    let server = try TestServer()
    let response = try await server.post(#"{"query":"{ explode }"}"#)
    #expect(response.status == 500)
    #expect(response.json?["errors"]?[0]?["extensions"]?["code"] == .string("INTERNAL_SERVER_ERROR"))
    #expect(!response.text.contains("SQLITE"))
    #expect(!response.text.contains("/srv"))
  }

  @Test func authorizationReachesTheService() async throws {
    let server = try TestServer()
    let response = try await server.post(Self.typename, headers: ["Authorization": "Bearer abc.def"])
    #expect(response.json?["data"]?["echo"]?["authorization"] == .string("Bearer abc.def"))
  }
}
