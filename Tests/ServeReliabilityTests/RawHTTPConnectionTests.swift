import Foundation
import Synchronization
import TestSupport
import Testing

/// The probes and the proxy of these tests connect with `RawHTTPConnection`, from many threads
/// at once; a connection that fails must close its own socket once and touch no other descriptor.
/// It used to close it twice (once on the failure, once more in `deinit`, which Swift runs when a
/// fully initialized class's initializer throws), and the second close hit whatever another thread
/// had just opened under the same number: `ReadinessProxy`, polling an instance that had exited,
/// cut its own connections to the live one (`EBADF`) and lost a client's request.
@Suite struct RawHTTPConnectionTests {
  @Test func aRefusedConnectionClosesNoOtherDescriptor() throws {
    let port = try LoopbackHTTPStub.closedPort()
    let refusing = Atomic<Bool>(true)
    let refusals = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { done.signal() }
      for _ in 0..<5000 where refusing.load(ordering: .relaxed) {
        if (try? RawHTTPConnection(port: port)) == nil { refusals.add(1, ordering: .relaxed) }
      }
      refusing.store(false, ordering: .relaxed)
    }
    // Meanwhile this thread opens descriptors, which take the lowest free numbers (those the
    // refused sockets just had), and checks that they are still open before closing them.
    var lost = 0
    var opened = 0
    while refusing.load(ordering: .relaxed) {
      let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      opened += 1
      if fcntl(descriptor, F_GETFD) < 0 || close(descriptor) != 0 { lost += 1 }
    }
    done.wait()
    #expect(refusals.load(ordering: .relaxed) > 0)
    #expect(opened > 0)
    #expect(lost == 0, "\(lost) of \(opened) descriptors were closed by a refused connection")
  }
}
