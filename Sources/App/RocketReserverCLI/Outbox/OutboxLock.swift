import FoundationEssentials
import Glibc
import POSIXFiles

/// The lock a process holds while it sends an outbox: an `flock` on `outbox.lock` beside the
/// file, so that two processes never send the same entry. The kernel drops it when its holder
/// dies (`kill -9` included), so it never goes stale.
final class OutboxLock {
  private let descriptor: FileDescriptor

  private init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  func release() {
    _ = flock(descriptor.raw, LOCK_UN)
    _ = descriptor.close()
  }

  /// Takes the lock of the outbox at `path`, waiting (without blocking a thread) for another
  /// process to finish sending.
  static func acquire(forOutboxAt path: String) async throws(OutboxError) -> OutboxLock {
    let lockPath = path + ".lock"
    let raw = retryingOnInterrupt { open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
    guard raw >= 0 else {
      throw .failed(
        path: path, reason: "cannot open its lock \(lockPath): \(String(cString: strerror(errno)))")
    }
    let descriptor = FileDescriptor(raw)
    while retryingOnInterrupt({ flock(descriptor.raw, LOCK_EX | LOCK_NB) }) != 0 {
      guard errno == EWOULDBLOCK else {
        throw .failed(path: path, reason: "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
      }
      // Another process is sending: its flush takes as long as its requests do.
      guard !Task.isCancelled else {
        throw .failed(path: path, reason: "cancelled while another process sent it")
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return OutboxLock(descriptor: descriptor)
  }
}
