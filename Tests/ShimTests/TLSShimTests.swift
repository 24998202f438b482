import CTLS
import Glibc
import Testing

/// Proves the TLS shim against the real libssl, over a socket pair whose other end plays a
/// server that is not one: a handshake answered in plain HTTP fails as "not TLS", one the peer
/// closes as "closed", and an unreadable CA file is refused before any byte is sent.
@Suite struct TLSShimTests {
  /// A client connection on one end of a socket pair (non-blocking) and the other end.
  static func pair() throws -> (client: OpaquePointer, ends: [Int32]) {
    var ends: [Int32] = [0, 0]
    try #require(
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
    var error = [CChar](repeating: 0, count: 256)
    let client = try #require(ctls_client_new(ends[0], "example.org", nil, 1, &error, error.count))
    return (client, ends)
  }

  static func failure(_ client: OpaquePointer) -> ctls_failure_kind {
    var reason = [CChar](repeating: 0, count: 64)
    var subject = [CChar](repeating: 0, count: 64)
    var issuer = [CChar](repeating: 0, count: 64)
    var names = [CChar](repeating: 0, count: 64)
    return ctls_failure(client, &reason, 64, &subject, 64, &issuer, 64, &names, 64)
  }

  @Test func libsslOpens() {
    #expect(ctls_open_error() == nil)
  }

  @Test func aPlainHTTPAnswerIsNotTLS() throws {
    let (client, ends) = try Self.pair()
    defer {
      ctls_free(client)
      close(ends[0])
      close(ends[1])
    }
    #expect(ctls_handshake(client) == CTLS_WANT_READ)
    var hello = [UInt8](repeating: 0, count: 4096)
    #expect(recv(ends[1], &hello, hello.count, 0) > 0, "the ClientHello was sent")
    #expect(hello[0] == 0x16, "a TLS handshake record")
    let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
    #expect(send(ends[1], answer, answer.count, 0) == answer.count)
    #expect(ctls_handshake(client) == CTLS_FAILED)
    #expect(Self.failure(client) == CTLS_FAILURE_NOT_TLS)
  }

  @Test func aPeerThatClosesEndsTheHandshake() throws {
    let (client, ends) = try Self.pair()
    defer {
      ctls_free(client)
      close(ends[0])
    }
    #expect(ctls_handshake(client) == CTLS_WANT_READ)
    close(ends[1])
    // A process another test starts at this moment holds a copy of the closed end until it
    // execs, so the end of input may come a little later: wait for it rather than taking the
    // first "nothing yet" as the answer.
    var status = ctls_handshake(client)
    let deadline = ContinuousClock.now + .seconds(30)
    while status == CTLS_WANT_READ, ContinuousClock.now < deadline {
      var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 100)
      status = ctls_handshake(client)
    }
    #expect(status == CTLS_FAILED)
    #expect(Self.failure(client) == CTLS_FAILURE_CLOSED)
  }

  @Test func anUnreadableCAFileIsRefused() {
    var error = [CChar](repeating: 0, count: 256)
    let client = ctls_client_new(-1, "example.org", "/nonexistent/ca.pem", 1, &error, error.count)
    #expect(client == nil)
    let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #expect(message.hasPrefix("cannot read CA certificates from /nonexistent/ca.pem"), "\(message)")
  }
}
