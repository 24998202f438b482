import CEditLine
import POSIXThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The program's one way of receiving signals: a handler that only records the signal (an atomic
/// flag for SIGINT, its number written to a non-blocking self-pipe: the LLDB pattern), and
/// ordinary code that reads the pipe and acts. In an async process a signal lands on any thread,
/// concurrently with anything, so nothing else happens in the handler.
///
/// The shell's line editor polls the pipe beside standard input (`TerminalSignals`), and
/// ``run(_:)`` cancels a running command on Ctrl-C; outside the shell a thread hands each signal
/// to the current receiver (``receive(_:with:)``: `OneShotInterrupt`, `StopSignals`).
public enum ProcessSignals {
  /// Set by the handler on SIGINT, cleared by whoever consumes the interrupt.
  private static let pending = Atomic<Bool>(false)
  /// The self-pipe's ends, -1 until `install()` created them.
  private static let readEnd = Atomic<Int32>(-1)
  private static let writeEnd = Atomic<Int32>(-1)
  private static let installed = Mutex<Bool>(false)
  /// Who gets the signals the reader thread reads, and whether that thread runs.
  private static let receiving = Mutex<(receiver: (@Sendable (Int32) -> Void)?, readerStarted: Bool)>(
    (nil, false))

  /// Creates the self-pipe, then installs the SIGINT handler (once), so the handler only ever
  /// touches initialised state.
  /// - Throws: `LineEditorError.systemCall` when the pipe cannot be made.
  public static func install() throws {
    try installed.withLock { done in
      if done { return }
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw LineEditorError.systemCall("pipe", errno) }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      }
      readEnd.store(ends[0], ordering: .sequentiallyConsistent)
      writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
      done = true
    }
    listen(to: [SIGINT])
  }

  /// Records `signals` from now on (after ``install()``) instead of their default actions.
  package static func listen(to signals: [Int32]) {
    // SA_RESTART keeps blocking reads elsewhere (file I/O) from failing; poll() still wakes.
    for signal in signals { _ = cel_sigaction(signal, recordingHandler, SA_RESTART) }
  }

  /// Gives `signals` their default actions back.
  package static func restoreDefaults(of signals: [Int32]) {
    for signal in signals { _ = cel_sigaction(signal, SIG_DFL, 0) }
  }

  /// The descriptor that becomes readable when a recorded signal arrived, or -1 before `install()`.
  package static var descriptor: Int32 { readEnd.load(ordering: .sequentiallyConsistent) }

  /// Whether Ctrl-C was pressed since the last `consume()`, without clearing it.
  public static var isPending: Bool { pending.load(ordering: .sequentiallyConsistent) }

  /// Takes the signal numbers written to the pipe since the last read (not the SIGINT flag).
  package static func takeArrived() -> [Int32] {
    let fd = descriptor
    guard fd >= 0 else { return [] }
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      signals += buffer[..<count].map { Int32($0) }
    }
    return signals
  }

  /// Clears a pending interrupt and drains the pipe.
  /// - Returns: whether an interrupt was pending.
  @discardableResult
  public static func consume() -> Bool {
    _ = takeArrived()
    return pending.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Hands each of `signals` that arrives from now on to `receiver` (replacing the one before),
  /// on a thread of its own; for programs without the line editor, which reads the pipe itself.
  /// - Throws: `LineEditorError.systemCall` when the pipe cannot be made.
  package static func receive(_ signals: [Int32], with receiver: @escaping @Sendable (Int32) -> Void) throws {
    try install()
    let startsReader = receiving.withLock { state in
      state.receiver = receiver
      defer { state.readerStarted = true }
      return !state.readerStarted
    }
    if startsReader { _ = POSIXThread.startDetached { readForReceivers() } }
    listen(to: signals)
  }

  /// Stops handing `signals` to the receiver and gives them their default actions back.
  package static func stopReceiving(_ signals: [Int32]) {
    receiving.withLock { $0.receiver = nil }
    restoreDefaults(of: signals)
  }

  /// The reader thread: waits on the pipe and hands what arrives to the receiver of the moment.
  private static func readForReceivers() {
    while true {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, -1)
      if ready < 0 && errno != EINTR { return }
      guard ready > 0 else { continue }
      let arrived = takeArrived()
      if arrived.contains(SIGINT) { pending.store(false, ordering: .sequentiallyConsistent) }
      let receiver = receiving.withLock { $0.receiver }
      for signal in arrived { receiver?(signal) }
    }
  }

  /// Runs `operation` in a child task that is cancelled when Ctrl-C arrives while it runs (an
  /// earlier Ctrl-C is discarded). A sibling task checks the flag every 25 ms, since the
  /// self-pipe is the line editor's reader's.
  public static func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
    consume()
    return try await withoutActuallyEscaping(operation) { operation in
      try await withThrowingTaskGroup(of: Step<T>.self) { group in
        group.addTask { .finished(try await operation()) }
        group.addTask {
          while !Task.isCancelled {
            if consume() { return .interrupted }
            try? await Task.sleep(for: .milliseconds(25))
          }
          return .interrupted
        }
        while let step = try await group.next() {
          switch step {
          case .finished(let value):
            group.cancelAll()
            return value
          case .interrupted:
            group.cancelAll()
          }
        }
        throw CancellationError()
      }
    }
  }

  /// What a child of `run(_:)` ended with.
  private enum Step<T: Sendable>: Sendable {
    case finished(T)
    case interrupted
  }
}

extension ProcessSignals {
  /// Ends the process by SIGPIPE, quietly, as `cat` does when `head` stops reading.
  package static func endByBrokenPipe() -> Never {
    // The runtime's threads block signals: unblock SIGPIPE here so raise() delivers it now.
    signal(SIGPIPE, SIG_DFL)
    _ = cel_thread_sigmask(SIG_UNBLOCK, SIGPIPE)
    raise(SIGPIPE)
    exit(128 + SIGPIPE)
  }
}

/// The handler of every recorded signal: async-signal-safe (an atomic store and `write`),
/// preserves `errno`.
package func recordingHandler(_ signal: Int32) {
  let savedErrno = errno
  ProcessSignals.signalArrived(signal)
  errno = savedErrno
}

extension ProcessSignals {
  /// Called from the signal handler only: writes the signal number to the pipe.
  fileprivate static func signalArrived(_ signal: Int32) {
    if signal == SIGINT { pending.store(true, ordering: .sequentiallyConsistent) }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
  }
}
