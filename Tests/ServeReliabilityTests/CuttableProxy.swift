import Foundation
import Synchronization
import TestSupport

/// A TCP relay on 127.0.0.1 in front of whichever `serve` is current, for the chaos test: each
/// accepted connection is relayed byte for byte to the target port (refused while there is
/// none), and ``cutAll()`` cuts every relayed connection at once, as a network failure would.
final class CuttableProxy: Sendable {
  private let relay: LoopbackTCPServer
  private let settings: Settings

  /// Which answers are dropped (their requests still reach the server, the client's connection
  /// is cut): none, all, or those to requests that carry an `Idempotency-Key` (the changes), as an
  /// answer lost after the server committed.
  enum DroppedAnswers: Int, AtomicRepresentable {
    case none, all, changes
  }

  private final class Settings: Sendable {
    let target = Atomic<Int>(0)
    let dropped = Atomic<DroppedAnswers>(.none)
    let answerDelay = Atomic<Int>(0)
  }

  init() throws {
    let settings = Settings()
    self.settings = settings
    relay = try LoopbackTCPServer.relay(to: { UInt16(clamping: settings.target.load(ordering: .relaxed)) }) {
      // Whether the connection's latest request carried an Idempotency-Key.
      var keyed = false
      return { fromClient, chunk in
        if fromClient {
          let text = String(decoding: chunk, as: UTF8.self).lowercased()
          if text.contains(" http/1.1\r\n") { keyed = text.contains("\r\nidempotency-key:") }
          return true
        }
        switch settings.dropped.load(ordering: .relaxed) {
        case .all: return false
        case .changes where keyed: return false
        case .none, .changes: break
        }
        let delay = settings.answerDelay.load(ordering: .relaxed)
        if delay > 0 { usleep(useconds_t(delay * 1000)) }
        return true
      }
    }
  }

  var port: UInt16 { relay.port }

  /// Relays new connections to `port` (0: refuse them).
  func setTarget(_ port: UInt16) { settings.target.store(Int(port), ordering: .relaxed) }

  /// Drops `answers` from now on.
  func drop(_ answers: DroppedAnswers) { settings.dropped.store(answers, ordering: .relaxed) }

  /// Holds each chunk of an answer back `milliseconds` before relaying it (0: none).
  func delayAnswers(milliseconds: Int) { settings.answerDelay.store(milliseconds, ordering: .relaxed) }

  /// Cuts every relayed connection (both sides see the connection end).
  func cutAll() { relay.cutConnections() }

  /// Stops accepting and cuts everything.
  func stop() { relay.stop() }
}
