import CCurl
import FoundationEssentials
import GraphQLWire
import POSIXThreads
import Synchronization

/// libcurl is set up once per process, before the first handle (a Swift global is initialized
/// once, and this libcurl's global init is thread-safe, as the shim tests check). Opening libcurl
/// initializes libcrypto first (CCurl), so that libcurl's init does not decide OpenSSL's exit.
private let curlGlobalInit: CURLcode = ccurl_global_init()

/// One libcurl multi handle driven by a thread of its own, which sleeps in `curl_multi_poll`
/// until a socket is ready, a libcurl timer is due, or `curl_multi_wakeup` says a transfer was
/// added or cancelled: an idle client costs no CPU. Its connection cache lets consecutive
/// requests to one server reuse a kept-alive connection. The thread ends when this object is
/// released; transfers keep it alive while they run.
final class CurlMultiLoop: Sendable {
  private let core: Core

  /// Why libcurl cannot be used (`cannot load libcurl.so.4: ...`), or nil once it is open. The
  /// shim opens libcurl on first use, so a command that never talks HTTP never loads it.
  static func libraryProblem() -> String? {
    ccurl_open_error().map { "cannot load libcurl: " + String(cString: $0) }
  }

  /// Creates the multi handle and starts its thread; nil when libcurl cannot be set up.
  init?() {
    guard curlGlobalInit == CURLE_OK, let multi = curl_multi_init() else { return nil }
    let core = Core(multi: multi)
    self.core = core
    guard POSIXThread.startDetached({ core.run() }) else { return nil }
  }

  deinit {
    core.post { $0.stopping = true }
  }

  /// Hands `transfer` to the thread, which starts it at once.
  func add(_ transfer: CurlTransfer) {
    core.post { $0.added.append(transfer) }
  }

  /// Asks the thread to go on with `transfer`, which its write callback paused.
  func resume(_ transfer: CurlTransfer) {
    core.post { $0.resumed.append(transfer) }
  }

  /// Asks the thread to drop `transfer` (if it still runs), closing its connection.
  func remove(_ transfer: CurlTransfer) {
    core.post { $0.removed.append(transfer) }
  }

  /// The multi handle and the thread's work queue.
  ///
  /// Thread safety (`@unchecked Sendable`): `multi` is used only on the loop thread in ``run()``,
  /// except for `curl_multi_wakeup`, which libcurl documents as callable from any thread; the
  /// work queue is in a `Mutex`.
  private final class Core: @unchecked Sendable {
    struct Inbox {
      var added: [CurlTransfer] = []
      var removed: [CurlTransfer] = []
      var resumed: [CurlTransfer] = []
      var stopping = false
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())

    init(multi: UnsafeMutableRawPointer) {
      self.multi = multi
    }

    /// Changes the work queue, then wakes the thread.
    func post(_ change: (inout Inbox) -> Void) {
      inbox.withLock { change(&$0) }
      _ = curl_multi_wakeup(multi)
    }

    /// The thread's body: start and drop transfers as asked, let libcurl work, hand finished
    /// transfers their outcome, sleep until there is something to do.
    func run() {
      var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
      while true {
        let work = inbox.withLock { inbox in
          defer { inbox = Inbox(stopping: inbox.stopping) }
          return inbox
        }
        for transfer in work.removed where active.removeValue(forKey: transfer.easy) != nil {
          _ = curl_multi_remove_handle(multi, transfer.easy)
        }
        for transfer in work.added where !transfer.isFinished {
          guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            transfer.complete(CURLE_FAILED_INIT)
            continue
          }
          active[transfer.easy] = transfer
        }
        for transfer in work.resumed where active[transfer.easy] != nil {
          // libcurl allows unpausing only on the thread that drives the handle.
          _ = curl_easy_pause(transfer.easy, ccurl_pause_continue())
        }
        if work.stopping { break }
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
          guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
          let code = ccurl_msg_result(message)
          guard let transfer = active.removeValue(forKey: easy) else { continue }
          _ = curl_multi_remove_handle(multi, easy)
          transfer.complete(code)
        }
        // libcurl shortens the wait to its own next timer (a timeout, a retry); the hour only
        // bounds an idle sleep, which a new request ends through curl_multi_wakeup.
        var ready: Int32 = 0
        _ = curl_multi_poll(multi, nil, 0, 3_600_000, &ready)
      }
      for (easy, transfer) in active {
        _ = curl_multi_remove_handle(multi, easy)
        transfer.complete(CURLE_ABORTED_BY_CALLBACK)
      }
      curl_multi_cleanup(multi)
    }
  }
}
