import CEditLine
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT (Ctrl-C) into something the rest of the program can wait for.
///
/// Once async code has awaited, a signal lands on an arbitrary thread, so a blocking `read` in the
/// line editor never sees `EINTR`. Instead the handler sets an atomic flag and writes one byte to a
/// non-blocking self-pipe (the LLDB pattern): the line editor's reader polls the pipe next to stdin,
/// and `run(_:)` watches it to cancel the running request.
///
/// Thread safety: all state is atomic; `install()` must run before any other call and is idempotent.
public enum InterruptSignal {
  /// Set by the handler, cleared by whoever consumes the interrupt.
  private static let pending = Atomic<Bool>(false)
  /// The self-pipe's ends, -1 until `install()` created them.
  private static let readEnd = Atomic<Int32>(-1)
  private static let writeEnd = Atomic<Int32>(-1)
  private static let installed = Mutex<Bool>(false)

  /// Creates the self-pipe and installs the SIGINT handler (once; later calls do nothing).
  ///
  /// The atomics and the pipe exist before the handler does, so the handler only ever touches
  /// initialised state, and it only calls async-signal-safe `write`.
  /// - Throws: `LineEditorError.systemCall` when the pipe or the handler cannot be set up.
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
      // SA_RESTART keeps blocking reads elsewhere (file I/O) from failing; poll() still wakes.
      guard cel_sigaction(SIGINT, forwardingHandler, SA_RESTART) == 0 else {
        throw LineEditorError.systemCall("sigaction", errno)
      }
      done = true
    }
  }

  /// The descriptor that becomes readable when Ctrl-C was pressed, or -1 before `install()`.
  static var descriptor: Int32 { readEnd.load(ordering: .sequentiallyConsistent) }

  /// Whether Ctrl-C was pressed since the last `consume()`, without clearing it.
  public static var isPending: Bool { pending.load(ordering: .sequentiallyConsistent) }

  /// Takes the signal numbers written to the pipe since the last read (SIGINT and the terminal
  /// signals `TerminalSignals` forwards while a line is read); the SIGINT flag is left as is.
  static func takeForwardedSignals() -> [Int32] {
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
    let fd = descriptor
    if fd >= 0 {
      var buffer = [UInt8](repeating: 0, count: 64)
      while read(fd, &buffer, buffer.count) > 0 {}
    }
    return pending.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Runs `operation` in a child task that is cancelled when Ctrl-C arrives while it runs.
  ///
  /// An interrupt pressed before the call is discarded, so an old Ctrl-C cannot cancel new work.
  /// A sibling task checks the flag every 25 ms (cheap, and only while work is running); the
  /// self-pipe stays reserved to the line editor's reader. Without `install()` nothing cancels.
  /// - Parameter operation: the work; it decides how to react to cancellation (usually by
  ///   throwing `CancellationError`), and its result is what this returns.
  /// - Returns: what `operation` returns.
  /// - Throws: what `operation` throws.
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

/// The handler for SIGINT and the forwarded terminal signals: async-signal-safe (an atomic store
/// and `write`), preserves `errno`.
func forwardingHandler(_ signal: Int32) {
  let savedErrno = errno
  InterruptSignal.signalArrived(signal)
  errno = savedErrno
}

extension InterruptSignal {
  /// Called from the signal handler only: writes the signal number to the pipe.
  fileprivate static func signalArrived(_ signal: Int32) {
    if signal == SIGINT { pending.store(true, ordering: .sequentiallyConsistent) }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
  }
}
