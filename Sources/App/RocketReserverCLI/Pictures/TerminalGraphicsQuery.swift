import Glibc
import Synchronization
import TerminalImages

/// Asks the terminal (`/dev/tty`) how it can draw pictures, once per process, with its echo and
/// line buffering off (put back after), reading until the device attributes' answer or `timeout`:
/// a terminal that answers nothing costs at most that once.
enum TerminalGraphicsQuery {
  /// Milliseconds to wait: terminals answer in well under one locally, a round trip over ssh.
  static let timeout = 400

  private static let detected = Mutex<[String: TerminalGraphics?]>([:])

  /// How this process's terminal draws pictures, asking it the first time; nil when it cannot
  /// (`TERM` unset or `dumb`, no `/dev/tty`, `NO_COLOR` with no graphics protocol).
  static func graphics(environment: [String: String]) -> TerminalGraphics? {
    let term = environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else { return nil }
    if let known = detected.withLock({ $0[term] }) { return known }
    let answers = ask() ?? GraphicsAnswers(complete: false)
    let graphics = answers.graphics(environment: environment)
    detected.withLock { $0[term] = graphics }
    return graphics
  }

  /// The terminal's answers, or nil when there is no terminal to ask.
  static func ask() -> GraphicsAnswers? {
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(descriptor, TCSANOW, &quiet) == 0 else { return nil }
    defer { _ = tcsetattr(descriptor, TCSANOW, &saved) }
    let queries = Array(GraphicsAnswers.queries.utf8)
    guard queries.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == queries.count else {
      return nil
    }
    var received: [UInt8] = []
    var answers = GraphicsAnswers(parsing: [])
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let deadline = milliseconds(clock) + timeout
    while !answers.complete, received.count < 4096 {
      clock_gettime(CLOCK_MONOTONIC, &clock)
      let left = deadline - milliseconds(clock)
      guard left > 0 else { break }
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let status = poll(&ready, 1, Int32(left))
      if status < 0, errno == EINTR { continue }
      guard status > 0 else { break }
      var chunk = [UInt8](repeating: 0, count: 512)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += chunk[..<count]
      answers = GraphicsAnswers(parsing: received)
    }
    return answers
  }

  private static func milliseconds(_ time: timespec) -> Int {
    time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}
