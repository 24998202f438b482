import Testing
import WebSocket

/// The handshake's accept value, computed in one place for the server, the client and the tests'
/// client, against RFC 6455's own example (section 1.3).
@Suite struct WebSocketAcceptTests {
  @Test func theRFCExampleKeyGivesTheRFCAcceptValue() {
    #expect(WebSocketAccept.value(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test func newKeysAreSixteenBytesInBase64AndDiffer() {
    let first = WebSocketAccept.newKey()
    #expect(WebSocketAccept.isValidKey(first))
    #expect(first != WebSocketAccept.newKey())
    #expect(!WebSocketAccept.isValidKey("dGhlIHNhbXBsZSBub25jZQ="))
  }
}
