import CEventPoll
import Glibc
import HTTPServer
import WebSocket

/// One upgraded socket: its framing, its GraphQL session and its running operations.
///
/// Not Sendable: it belongs to the `WebSocketLoop`'s thread, which alone calls it.
final class WebSocketConnection {
  /// The serial number of each running operation and the task that runs it: results of a
  /// stopped operation (whose id the client may reuse) are recognised by their old serial.
  struct Operation {
    let serial: Int
    let task: Task<Void, Never>
  }

  let id: Int
  /// The socket as libmicrohttpd handed it over; closing goes through it.
  let upgraded: UpgradedSocket
  /// wslay over the socket (the same glue as the client's).
  let framing: WebSocketFraming
  var session: any GraphQLSocketSession
  /// The service as it serves this connection's client, when the loop was told it.
  var service: (any GraphQLService)?
  var operations: [String: Operation] = [:]
  /// A close to send once the messages queued before it are written: wslay sends control
  /// frames ahead of queued messages, which would drop the last `complete`s.
  var pendingClose: (code: UInt16, reason: String)?
  /// When the closing handshake must be over (set when the server queued its close).
  var closeDeadline: ContinuousClock.Instant?
  /// What the loop's epoll watches the socket for (`CEP_READABLE`, and `CEP_WRITABLE` while
  /// wslay has something to send); registration starts with readable.
  var watchedInterest = UInt32(CEP_READABLE)
  /// How far the operations' results may run ahead of what the client read.
  let window: SendWindow
  /// Set when the server began closing on its own (a policy or protocol violation, a message too
  /// big, a client too slow): input is then read and dropped, so that closing the socket with
  /// input unread does not reset the connection before the client read the close frame.
  var draining = false
  /// Bytes read and dropped while draining.
  private var drainedBytes = 0
  /// Draining read all it may: the socket is no longer read.
  var drainExhausted: Bool { drainedBytes >= Self.maxDrainedBytes }
  /// The most bytes drained after a close the server began: the rest of a message too big,
  /// with room to spare.
  static let maxDrainedBytes = 2 << 20
  /// The client half-closed or closed while the connection was draining.
  private(set) var peerEnded = false
  /// The write half was shut down after the close frame went out.
  var shutDownWrite = false
  /// Whether the client has stopped reading what is queued for it.
  var stall = StallWatch()
  /// The framing's byte counts already added to the metrics.
  var countedRead = 0
  var countedWritten = 0
  /// The most bytes handed to wslay per read: wslay parses all it has before asking again, so
  /// this bounds the messages delivered after the message budget is spent.
  static let readChunkBytes = 4096

  /// Nil when wslay's context cannot be created (out of memory).
  init?(
    id: Int, upgraded: UpgradedSocket, session: any GraphQLSocketSession, window: SendWindow,
    maxMessageBytes: Int, maxQueuedBytes: Int
  ) {
    guard
      let framing = WebSocketFraming(
        role: .server, socket: upgraded.descriptor, pendingInput: upgraded.extraInput,
        maxMessageBytes: maxMessageBytes, maxQueuedBytes: maxQueuedBytes, readChunkBytes: Self.readChunkBytes)
    else { return nil }
    self.id = id
    self.upgraded = upgraded
    self.framing = framing
    self.session = session
    self.window = window
  }

  var socket: Int32 { upgraded.descriptor }

  /// Reads what the socket has, up to the framing's `readBudget` bytes; false when the
  /// connection is over.
  func receive() -> Bool {
    draining ? discardInput() : framing.receive()
  }

  /// Reads and drops up to `readBudget` bytes, and at most `maxDrainedBytes` in all (a client
  /// still flooding after the close is then no longer read: it waits, costing nothing, until
  /// the close deadline); false when the socket failed.
  private func discardInput() -> Bool {
    guard !framing.failed else { return false }
    var scratch = [UInt8](repeating: 0, count: 16 << 10)
    while framing.readBudget > 0, !drainExhausted {
      let count = Glibc.read(socket, &scratch, min(scratch.count, framing.readBudget))
      if count > 0 {
        framing.readBudget -= count
        drainedBytes += count
        continue
      }
      if count == 0 {
        peerEnded = true
      } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
        framing.failed = true
        return false
      }
      break
    }
    return true
  }
}
