import Testing

@testable import RocketReserverCLI

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct InterruptSignalTests {
  @Test func ctrlCDuringRunCancelsTheOperation() async throws {
    try InterruptSignal.install()
    let clock = ContinuousClock()
    let start = clock.now
    await #expect(throws: CancellationError.self) {
      try await InterruptSignal.run {
        // run() has already discarded older interrupts; this one must cancel the sleep below.
        kill(getpid(), SIGINT)
        try await Task.sleep(for: .seconds(600))
      }
    }
    // A hang guard, not a speed check: without the cancellation the sleep would last 10 minutes.
    #expect(clock.now - start < .seconds(120))
    #expect(!InterruptSignal.isPending)
  }

  @Test func anInterruptBeforeRunDoesNotCancelIt() async throws {
    try InterruptSignal.install()
    kill(getpid(), SIGINT)
    // The test runner blocks SIGINT on some threads, so delivery may lag behind kill().
    let deadline = ContinuousClock.now + .seconds(60)
    while !InterruptSignal.isPending && ContinuousClock.now < deadline { await Task.yield() }
    #expect(InterruptSignal.isPending)
    let value = try await InterruptSignal.run { 42 }
    #expect(value == 42)
  }

  @Test func operationsThatIgnoreCancellationStillReturn() async throws {
    try InterruptSignal.install()
    let value = try await InterruptSignal.run { () async -> String in
      kill(getpid(), SIGINT)
      return "done"
    }
    #expect(value == "done")
  }
}
