/// The server's WebSocket loops: a socket goes to the loop with the fewest open, so a busy or
/// hostile socket shares its turns with fewer others.
final class WebSocketLoops: Sendable {
  let loops: [WebSocketLoop]

  init(count: Int, makeLoop: () -> WebSocketLoop) {
    loops = (0..<max(1, count)).map { _ in makeLoop() }
  }

  /// Starts every loop's thread; false (and none left running) when one cannot be created.
  func start() -> Bool {
    for loop in loops where !loop.start() {
      stop()
      return false
    }
    return true
  }

  /// Hands an upgraded socket to the least busy loop.
  func adopt(_ adoption: WebSocketLoop.Adoption) {
    let loop = loops.min { $0.openCount.load(ordering: .relaxed) < $1.openCount.load(ordering: .relaxed) }
    loop?.adopt(adoption)
  }

  /// Stops every loop (they close their sockets side by side); blocks until all ended.
  func stop() {
    for loop in loops { loop.requestStop() }
    for loop in loops { loop.join() }
  }
}
