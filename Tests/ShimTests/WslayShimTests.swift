import CCrypto
import CWslay
import Glibc
import Testing

/// Proves the wslay shim against the real library: a server context frames a text message that
/// a client context on the other end of a socket pair unmasks and reports intact.
@Suite struct WslayShimTests {
  /// What the callbacks see: the socket and the messages received.
  final class Peer {
    let socket: Int32
    var received: [[UInt8]] = []
    init(socket: Int32) { self.socket = socket }
  }

  static func callbacks() -> wslay_event_callbacks {
    var callbacks = wslay_event_callbacks()
    callbacks.recv_callback = { context, buffer, length, _, user in
      let peer = Unmanaged<Peer>.fromOpaque(user!).takeUnretainedValue()
      let count = recv(peer.socket, buffer, length, Int32(MSG_DONTWAIT))
      if count < 0 { wslay_event_set_error(context, cwslay_err_wouldblock()) }
      return count <= 0 ? -1 : count
    }
    callbacks.send_callback = { context, data, length, _, user in
      let peer = Unmanaged<Peer>.fromOpaque(user!).takeUnretainedValue()
      let count = send(peer.socket, data, length, Int32(MSG_DONTWAIT))
      if count < 0 { wslay_event_set_error(context, cwslay_err_wouldblock()) }
      return count
    }
    callbacks.genmask_callback = { _, buffer, length, _ in
      ccrypto_random_bytes(buffer, Int32(length)) == 1 ? 0 : -1
    }
    callbacks.on_msg_recv_callback = { _, argument, user in
      guard let argument, cwslay_is_text(argument) != 0 else { return }
      let peer = Unmanaged<Peer>.fromOpaque(user!).takeUnretainedValue()
      peer.received.append(
        Array(UnsafeBufferPointer(start: argument.pointee.msg, count: argument.pointee.msg_length)))
    }
    return callbacks
  }

  @Test func aServerTextMessageReachesAClient() throws {
    var pair: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { close(pair[0]); close(pair[1]) }
    let server = Peer(socket: pair[0])
    let client = Peer(socket: pair[1])
    var callbacks = Self.callbacks()
    var serverContext: wslay_event_context_ptr?
    var clientContext: wslay_event_context_ptr?
    #expect(
      wslay_event_context_server_init(&serverContext, &callbacks, Unmanaged.passUnretained(server).toOpaque())
        == 0)
    #expect(
      wslay_event_context_client_init(&clientContext, &callbacks, Unmanaged.passUnretained(client).toOpaque())
        == 0)
    defer { wslay_event_context_free(serverContext); wslay_event_context_free(clientContext) }
    let text = Array(#"{"type":"connection_ack"}"#.utf8)
    #expect(cwslay_queue_text(serverContext, text, text.count) == 0)
    #expect(wslay_event_send(serverContext) == 0)
    #expect(wslay_event_recv(clientContext) == 0)
    #expect(client.received == [text])
  }

  @Test func sha1GivesTheRFC6455HandshakeExample() {
    // RFC 6455 section 1.3: this key's accept value is s3pPLMBiTxaQ9kYGzzhZRbK+xOo=.
    let input = Array("dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11".utf8)
    var digest = [UInt8](repeating: 0, count: 20)
    ccrypto_sha1(input, input.count, &digest)
    #expect(digest.prefix(4) == [0xb3, 0x7a, 0x4f, 0x2c])
  }
}
