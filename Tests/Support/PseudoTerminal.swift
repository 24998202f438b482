import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program on a real pseudo-terminal so tests can type at it like a person.
///
/// The child is started with `posix_spawn` (no `fork` in a multithreaded test process) as the
/// leader of a new session whose controlling terminal is the pty's secondary side, so line
/// editing, job-control signals and Ctrl-C behave as in a terminal emulator.
///
/// For example:
/// ```swift
/// let terminal = try PseudoTerminal(BuiltProduct.rocketReserver, environment: ["TERM": "xterm"])
/// try terminal.expect("> ")
/// terminal.send("help\n")
/// let output = try terminal.expect("Commands:")
/// ```
///
/// Not thread-safe: use it from one test. The child is killed and reaped in `deinit`.
public final class PseudoTerminal {
  /// The child's process id.
  public let processIdentifier: pid_t
  private let primary: Int32
  private var output: [UInt8] = []
  /// Where the next `expect` starts looking, as an offset into `output`.
  private var searchStart = 0
  private var exitStatus: Int32?
  private var reachedEnd = false

  /// Everything the child wrote so far, decoded as UTF-8.
  public var transcript: String { String(decoding: output, as: UTF8.self) }

  /// Starts `executable` on a new pty.
  ///
  /// - Parameters:
  ///   - executable: the program.
  ///   - arguments: its arguments, without the program name (default none).
  ///   - environment: variables laid over the current environment (default none); set `TERM`.
  ///   - columns: the terminal width (default 80).
  ///   - rows: the terminal height (default 24).
  ///   - standardOutput: a file to send the child's standard output to instead of the terminal
  ///     (`program > file` at a shell); created or truncated (default nil: the terminal).
  ///   - standardError: the same for standard error (default nil: the terminal).
  /// - Throws: `PseudoTerminalError.systemCall` when the pty or the process cannot be made.
  public init(
    _ executable: URL, arguments: [String] = [], environment: [String: String] = [:],
    columns: UInt16 = 80, rows: UInt16 = 24, standardOutput: URL? = nil, standardError: URL? = nil
  ) throws {
    // open(/dev/ptmx) is what posix_openpt does; grantpt, unlockpt and ptsname are XOPEN
    // functions Swift's Glibc module does not export, so use their Linux ioctls directly.
    // O_CLOEXEC at creation: another test spawning concurrently must not inherit this end.
    let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard primary >= 0 else { throw PseudoTerminalError.systemCall("open /dev/ptmx", errno) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(primary, Self.unlockRequest, &unlock) == 0,
      ioctl(primary, Self.numberRequest, &number) == 0
    else {
      let code = errno
      close(primary)
      throw PseudoTerminalError.systemCall("ioctl TIOCSPTLCK/TIOCGPTN", code)
    }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
    do {
      processIdentifier = try Self.spawn(
        executable.path, arguments: arguments, environment: environment,
        terminal: "/dev/pts/\(number)", standardOutput: standardOutput?.path,
        standardError: standardError?.path)
    } catch {
      close(primary)
      throw error
    }
    self.primary = primary
  }

  deinit {
    if exitStatus == nil {
      kill(processIdentifier, SIGKILL)
      var status: Int32 = 0
      while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
    }
    close(primary)
  }

  /// Types `text` (UTF-8) at the terminal.
  public func send(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(primary, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }

  /// Types Ctrl plus `letter` (e.g. `"c"` for Ctrl-C, `"d"` for Ctrl-D).
  public func sendControl(_ letter: Character) {
    guard let ascii = letter.uppercased().unicodeScalars.first?.value, ascii >= 64, ascii < 96 else {
      return
    }
    send(String(UnicodeScalar(UInt8(ascii - 64))))
  }

  /// Changes the terminal size; the child gets SIGWINCH.
  public func setWindowSize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
  }

  /// Waits until the output after the previous match contains `substring`.
  ///
  /// - Parameters:
  ///   - substring: the text to wait for.
  ///   - timeout: how long to wait (default 10 s).
  /// - Returns: the output from the end of the previous match to the end of this one.
  /// - Throws: `PseudoTerminalError.timedOut` with the whole transcript when the text does not
  ///   appear in time or the child closes the terminal first.
  @discardableResult
  public func expect(_ substring: String, timeout: Duration = .seconds(10)) throws -> String {
    let needle = Array(substring.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      if let range = find(needle) {
        let segment = String(decoding: output[searchStart..<range], as: UTF8.self)
        searchStart = range
        return segment
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero, !reachedEnd else {
        throw PseudoTerminalError.timedOut(expected: substring, transcript: transcript)
      }
      readAvailable(waitingAtMost: remaining)
    }
  }

  /// Reads until the whole transcript satisfies `condition`, for checks of what the screen
  /// shows once drawing settles: a snapshot taken while the program is still redrawing (after
  /// erasing a row and before drawing it again) would show a state no user ever sees for long.
  /// - Parameters:
  ///   - description: what is awaited, for the error.
  ///   - timeout: how long to wait (default 10 s).
  ///   - condition: the test on the transcript so far.
  /// - Throws: `PseudoTerminalError.timedOut` with the whole transcript when the condition does
  ///   not hold in time or the child closes the terminal first.
  public func waitForTranscript(
    _ description: String, timeout: Duration = .seconds(10), where condition: (String) -> Bool
  ) throws {
    let deadline = ContinuousClock.now + timeout
    while !condition(transcript) {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero, !reachedEnd else {
        throw PseudoTerminalError.timedOut(expected: description, transcript: transcript)
      }
      readAvailable(waitingAtMost: min(remaining, .milliseconds(20)))
    }
  }

  /// Whether the terminal is in canonical (line-by-line, "cooked") mode right now.
  public var isInCanonicalMode: Bool {
    var attributes = termios()
    return tcgetattr(primary, &attributes) == 0 && attributes.c_lflag & UInt32(ICANON) != 0
  }

  /// Waits until the program has switched the terminal out of canonical (line-by-line) mode,
  /// i.e. a line editor is now reading single keys.
  ///
  /// Keys typed before that are handled by the kernel's line discipline instead (echoed as
  /// `^[[A`, Ctrl-D turned into a NUL), so call this after `expect`ing a prompt and before
  /// typing editing keys. It checks the terminal's mode every millisecond.
  /// - Parameter timeout: how long to wait (default 10 s).
  /// - Throws: `PseudoTerminalError.timedOut` when the mode does not change in time.
  public func waitForRawMode(timeout: Duration = .seconds(10)) throws {
    let deadline = ContinuousClock.now + timeout
    var attributes = termios()
    while tcgetattr(primary, &attributes) == 0 && attributes.c_lflag & UInt32(ICANON) != 0 {
      guard ContinuousClock.now < deadline else {
        throw PseudoTerminalError.timedOut(expected: "raw mode", transcript: transcript)
      }
      readAvailable(waitingAtMost: .milliseconds(1))
    }
  }

  /// Waits for the child to exit, reading its output meanwhile.
  ///
  /// - Parameter timeout: how long to wait (default 10 s).
  /// - Returns: the exit status, or 128 + the signal number when a signal ended it.
  /// - Throws: `PseudoTerminalError.timedOut` when the child is still running at the deadline.
  @discardableResult
  public func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
    if let exitStatus { return exitStatus }
    let deadline = ContinuousClock.now + timeout
    while true {
      var status: Int32 = 0
      let result = waitpid(processIdentifier, &status, WNOHANG)
      if result == processIdentifier {
        // Collect what the child wrote just before exiting.
        while !reachedEnd && readAvailable(waitingAtMost: .zero) {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else {
        throw PseudoTerminalError.timedOut(expected: "exit", transcript: transcript)
      }
      // Keep draining so the child never blocks on a full terminal buffer.
      if reachedEnd || !readAvailable(waitingAtMost: min(remaining, .milliseconds(20))) {
        usleep(5_000)
      }
    }
  }

  // MARK: - Private

  /// TIOCSPTLCK and TIOCGPTN in the generic Linux ioctl encoding (x86_64, aarch64).
  private static let unlockRequest: UInt = 0x4004_5431
  private static let numberRequest: UInt = 0x8004_5430

  private func find(_ needle: [UInt8]) -> Int? {
    guard !needle.isEmpty else { return searchStart }
    guard output.count - searchStart >= needle.count else { return nil }
    for start in searchStart...(output.count - needle.count)
    where output[start..<(start + needle.count)].elementsEqual(needle) {
      return start + needle.count
    }
    return nil
  }

  /// Reads what is available, waiting up to `timeout` for something to arrive.
  /// - Returns: whether bytes were read.
  @discardableResult
  private func readAvailable(waitingAtMost timeout: Duration) -> Bool {
    var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(
      clamping: timeout.components.seconds * 1000
        + timeout.components.attoseconds / 1_000_000_000_000_000)
    guard poll(&descriptor, 1, max(milliseconds, 0)) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(primary, &buffer, buffer.count)
    if count > 0 {
      output.append(contentsOf: buffer[..<count])
      return true
    }
    // EIO: every process holding the secondary side has closed it.
    if count == 0 || (errno != EINTR && errno != EAGAIN) { reachedEnd = true }
    return false
  }
}
