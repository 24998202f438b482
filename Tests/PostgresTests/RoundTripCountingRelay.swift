import Synchronization
import TestSupport

/// A TCP relay on 127.0.0.1 in front of a PostgreSQL server that counts round trips: each time
/// a client sends after the server has answered (or sends first) is one. A client that pipelines
/// several statements sends them before reading, so they count once.
final class RoundTripCountingRelay: Sendable {
  private let relay: LoopbackTCPServer
  private let trips: Counter

  private final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  var port: UInt16 { relay.port }

  /// Round trips made by every relayed connection so far.
  var roundTrips: Int { trips.value.load(ordering: .acquiring) }

  /// Starts relaying to `targetPort` on 127.0.0.1.
  init(targetPort: Int) throws {
    let trips = Counter()
    self.trips = trips
    relay = try LoopbackTCPServer.relay(to: { UInt16(clamping: targetPort) }) {
      var serverSpokeLast = true
      return { fromClient, _ in
        if fromClient && serverSpokeLast { trips.value.add(1, ordering: .releasing) }
        serverSpokeLast = !fromClient
        return true
      }
    }
  }

  /// Stops accepting and ends the relayed connections.
  func stop() { relay.stop() }
}
