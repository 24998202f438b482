import Foundation
import RocketClient
import TestSupport
import Testing

/// The client asks for compressed answers and libcurl decodes them: what the caller gets is the
/// JSON, whatever went over the wire.
@Suite struct HTTPCompressionTests {
  /// `text` compressed by gzip(1).
  private static func gzip(_ text: String) throws -> Data {
    try gzipTool(["-c"], input: Data(text.utf8))
  }

  @Test func asksForGzipAndGetsTheDecodedBody() async throws {
    let json = #"{"data":{"launches":[\#((0..<50).map { #"{"id":"\#($0)"}"# }.joined(separator: ","))]}}"#
    let compressed = try Self.gzip(json)
    let stub = try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(
        headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: compressed))
    let response = try await HTTPClient().post(url: stub.url(), body: Data(#"{"query":"{ a }"}"#.utf8))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == json)
    let accepted = try #require(stub.requests.first?.header("accept-encoding"))
    #expect(accepted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("gzip"))
  }
}
