import CommandLineKit
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RocketReserverCLI

/// The gate between the spinner's frames and a one-shot command's Ctrl-C handler, which erases
/// the spinner's line on another thread: no frame may land after the erase.
@Suite struct SpinnerFrameGateTests {
  @Test func noFrameStartsOnceTheGateIsClosed() {
    let gate = SpinnerFrameGate()
    #expect(gate.draw {})
    gate.close()
    var drawn = false
    #expect(!gate.draw { drawn = true })
    #expect(!drawn)
  }

  /// A frame being written when the handler closes the gate is out before `close` returns, so
  /// the erase written after it comes last. The frame finishes only once `close` has begun,
  /// so the order is the gate's doing, whatever the timing.
  @Test func closingWaitsForTheFrameBeingWritten() async {
    let gate = SpinnerFrameGate()
    let events = Events()
    let frame = Thread {
      gate.draw {
        events.started.store(true, ordering: .sequentiallyConsistent)
        while !gate.isClosed { usleep(1_000) }
        events.append("frame")
      }
    }
    frame.start()
    #expect(await waitUntil { events.started.load(ordering: .sequentiallyConsistent) })
    // A bound far above any delay: the frame ends as soon as it sees the gate closed.
    gate.close(waitingAtMostMilliseconds: 60_000)
    events.append("erase")
    #expect(events.log == ["frame", "erase"])
  }

  /// What the threads of a test did, in order.
  final class Events: Sendable {
    let started = Atomic<Bool>(false)
    private let entries = Mutex<[String]>([])
    var log: [String] { entries.withLock { $0 } }
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  }
}
