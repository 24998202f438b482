import Foundation
import Synchronization

/// Runs `body(index)` on `count` new threads at once and waits for all of them.
/// Errors are collected as text, so a test can assert that there were none.
public func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
  let errors = Mutex<[String]>([])
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread.detachNewThread {
      defer { group.leave() }
      do {
        try body(index)
      } catch {
        errors.withLock { $0.append("thread \(index): \(error)") }
      }
    }
  }
  group.wait()
  return errors.withLock { $0 }
}
