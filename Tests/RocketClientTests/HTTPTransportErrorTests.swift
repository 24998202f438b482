import Foundation
import TestSupport
import Testing

@testable import RocketClient

/// Classification of unusable responses and the wording of transport errors.
@Suite struct HTTPTransportErrorTests {
  private let endpoint = URL(string: "http://127.0.0.1:4000/graphql") ?? URL(fileURLWithPath: "/")

  @Test func htmlBadGatewayPageIsAServerErrorAndUnreachable() async throws {
    let page = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
    let stub = try LoopbackHTTPStub(response: .html(page, status: 502))
    let response = try await HTTPClient().post(url: stub.url(), body: Data("{}".utf8))
    #expect(response.status == 502)
    #expect(response.bodyKind == .html)
    let error = try #require(HTTPTransportError.classify(response, from: stub.url()))
    #expect(error == .serverError(endpoint: stub.url(), status: 502, body: .html))
    #expect(error.description == "server error at \(stub.url()): HTTP 502 with an HTML page")
    #expect(error.isUnreachable)
  }

  @Test func htmlWithSuccessStatusIsNotJSON() {
    let response = HTTPResponse(
      status: 200, headers: ["Content-Type": "text/html"], body: Data("<!doctype html><p>hi".utf8))
    let error = HTTPTransportError.classify(response, from: endpoint)
    #expect(
      error?.description
        == "http://127.0.0.1:4000/graphql answered HTTP 200 with an HTML page instead of JSON; "
        + "is it a GraphQL endpoint?")
    #expect(error?.isUnreachable == false)
  }

  @Test func jsonBodiesAreUsableWhateverTheStatus() {
    for status in [200, 400, 401, 500] {
      let response = HTTPResponse(status: status, headers: [:], body: Data("\n  {\"errors\":[]}".utf8))
      #expect(HTTPTransportError.classify(response, from: endpoint) == nil)
    }
  }

  @Test func otherBodiesAreDescribedByTheirKind() {
    let empty = HTTPResponse(status: 404, headers: [:], body: Data())
    #expect(
      HTTPTransportError.classify(empty, from: endpoint)
        == .notJSON(endpoint: endpoint, status: 404, body: .empty))
    let text = HTTPResponse(
      status: 500, headers: ["content-type": "text/plain; charset=utf-8"], body: Data("boom".utf8))
    let error = HTTPTransportError.classify(text, from: endpoint)
    #expect(
      error?.description == "server error at http://127.0.0.1:4000/graphql: HTTP 500 with a text/plain body")
    #expect(error?.isUnreachable == false)
    let unavailable = HTTPResponse(status: 503, headers: [:], body: Data("down".utf8))
    #expect(HTTPTransportError.classify(unavailable, from: endpoint)?.isUnreachable == true)
  }

  @Test func passwordsInTheEndpointAreNotPrinted() throws {
    let url = try #require(URL(string: "https://user:hunter2@example.org/graphql"))
    let message = HTTPTransportError.connectionRefused(endpoint: url).description
    #expect(!message.contains("hunter2"))
    #expect(message == "cannot reach https://user:***@example.org/graphql: connection refused")
  }

  @Test func curlTLSMessagesBecomeTLSDetails() {
    #expect(
      HTTPTransportError.tlsDetail(curlMessage: "SSL certificate problem: self-signed certificate")
        == "certificate not trusted: self-signed certificate")
    #expect(
      HTTPTransportError.tlsDetail(
        curlMessage: "SSL: no alternative certificate subject name matches target host name '127.0.0.1'")
        == "hostname mismatch: the certificate is not for 127.0.0.1")
    #expect(
      HTTPTransportError.tlsDetail(
        curlMessage:
          "SSL: certificate subject name 'other.example' does not match target host name 'localhost'")
        == "hostname mismatch: the certificate is for other.example, not localhost")
    #expect(
      HTTPTransportError.tlsDetail(
        curlMessage: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number")
        == "the server does not speak TLS; try http:// instead of https://")
    #expect(HTTPTransportError.tlsDetail(curlMessage: "Failed sending data to the peer") == nil)
  }

  @Test func timeoutsAreWrittenInSeconds() {
    #expect(
      HTTPTransportError.timedOut(endpoint: endpoint, after: .seconds(30)).description.contains("within 30 s")
    )
    #expect(
      HTTPTransportError.timedOut(endpoint: endpoint, after: .milliseconds(2500)).description.contains(
        "within 2.5 s"))
  }
}
