import Glibc

/// A pipe that wakes a thread sleeping in `poll(2)` or `epoll_wait(2)`: any thread calls `wake`;
/// the sleeper watches `descriptor` and `drain`s it when woken.
package final class WakePipe: Sendable {
  /// The end to watch; -1 when no pipe could be made (no descriptors left).
  package let descriptor: Int32
  private let writeEnd: Int32

  package init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Wakes the sleeper; a full pipe already holds a wake-up, so a failed write loses nothing.
  package func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe; whether it held a wake-up.
  @discardableResult package func drain() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    var woken = false
    while read(descriptor, &buffer, buffer.count) > 0 { woken = true }
    return woken
  }
}
