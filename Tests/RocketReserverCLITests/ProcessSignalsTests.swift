import CommandLineKit
import Testing

@testable import RocketReserverCLI

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct ProcessSignalsTests {
  @Test func ctrlCDuringRunCancelsTheOperation() async throws {
    try ProcessSignals.install()
    let clock = ContinuousClock()
    let start = clock.now
    await #expect(throws: CancellationError.self) {
      try await ProcessSignals.run {
        // run() has already discarded older interrupts; this one must cancel the sleep below.
        kill(getpid(), SIGINT)
        try await Task.sleep(for: .seconds(600))
      }
    }
    // A hang guard, not a speed check: without the cancellation the sleep would last 10 minutes.
    #expect(clock.now - start < .seconds(120))
    #expect(!ProcessSignals.isPending)
  }

  @Test func anInterruptBeforeRunDoesNotCancelIt() async throws {
    try ProcessSignals.install()
    kill(getpid(), SIGINT)
    // The test runner blocks SIGINT on some threads, so delivery may lag behind kill().
    let deadline = ContinuousClock.now + .seconds(60)
    while !ProcessSignals.isPending && ContinuousClock.now < deadline { await Task.yield() }
    #expect(ProcessSignals.isPending)
    let value = try await ProcessSignals.run { 42 }
    #expect(value == 42)
  }

  @Test func operationsThatIgnoreCancellationStillReturn() async throws {
    try ProcessSignals.install()
    let value = try await ProcessSignals.run { () async -> String in
      kill(getpid(), SIGINT)
      return "done"
    }
    #expect(value == "done")
  }
}
