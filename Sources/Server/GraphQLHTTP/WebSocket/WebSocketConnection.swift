import CEventPoll
import Glibc
import HTTPServer
import WebSocket

/// One upgraded socket: its framing, its GraphQL session and its running operations.
///
/// Not Sendable: it belongs to the `WebSocketLoop`'s thread, which alone calls it.
final class WebSocketConnection {
  /// A running operation: results of a stopped one (whose id may be reused) have an old serial.
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
  /// A close to send once the messages queued before it are out (wslay sends control frames
  /// first, which would drop the last `complete`s).
  var pendingClose: (code: UInt16, reason: String)?
  /// When the closing handshake must be over (set when the server queued its close).
  var closeDeadline: ContinuousClock.Instant?
  /// What the loop's epoll watches the socket for.
  var watchedInterest = UInt32(CEP_READABLE)
  /// How far the operations' results may run ahead of what the client read.
  let window: SendWindow
  /// The server began closing: input is read and dropped, as closing with input unread would
  /// reset the connection before the client read the close frame.
  var draining = false
  /// Bytes read and dropped while draining.
  private var drainedBytes = 0
  /// Draining read all it may (the rest of a message too big, with room): no more reads.
  var drainExhausted: Bool { drainedBytes >= Self.maxDrainedBytes }
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
  /// The most bytes handed to wslay per read, which bounds the messages past the budget.
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

  /// Reads up to the framing's `readBudget`; false when the connection is over.
  func receive() -> Bool {
    draining ? discardInput() : framing.receive()
  }

  /// Reads and drops up to `readBudget` bytes, `maxDrainedBytes` in all; false when it failed.
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
