import Glibc
import POSIXThreads
import Synchronization

/// Runs computed answers on threads of its own, fairly between client addresses, so that one
/// client with many expensive requests cannot hold libmicrohttpd's few threads. Each address has
/// a queue, taken in turn, and runs at most `maxPerAddress` jobs (fewer than the threads), so
/// another address's request finds a thread free. Connections bound how many jobs can wait.
///
/// `@unchecked Sendable`: mutable state only with `mutex` held (a pthread mutex, for the
/// condition variable).
final class FairExecutor: @unchecked Sendable {
  typealias Job = @Sendable () -> Void

  /// The waiting jobs of one address, in arrival order.
  private struct AddressQueue {
    /// Each job with when it was submitted.
    var jobs: [(job: Job, submitted: ContinuousClock.Instant)] = []
    var next = 0
    var running = 0
    /// In `ready`: it has a job waiting and room to run it.
    var isReady = false

    var hasWaiting: Bool { next < jobs.count }

    mutating func take() -> (job: Job, submitted: ContinuousClock.Instant) {
      let job = jobs[next]
      next += 1
      if next == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        next = 0
      }
      return job
    }
  }

  let threadCount: Int
  /// The most jobs of one address running at once.
  let maxPerAddress: Int

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queues: [String: AddressQueue] = [:]
  /// Addresses with a job that may start, in turn.
  private var ready: [String] = []
  private var readyStart = 0
  /// Set by `stop` (with the lock held, so the threads waiting on the condition see it), read
  /// without the lock too: `isStopping` is asked for every request.
  private let stopping = Atomic<Bool>(false)
  private var threads: [pthread_t] = []
  /// Threads waiting on `condition`: only they need a signal.
  private var sleeping = 0
  /// Where the time each job waited for a thread is recorded, if anywhere.
  private let queueWait: HistogramFamily?

  /// - Parameters: `threads` at least 2; `maxPerAddress` 1 to `threads` (fair only when fewer).
  init(threads: Int, maxPerAddress: Int, queueWait: HistogramFamily? = nil) {
    threadCount = max(2, threads)
    self.maxPerAddress = min(max(1, maxPerAddress), threadCount)
    self.queueWait = queueWait
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Starts the threads.
  /// - Returns: false when the system refused a thread (those started are stopped again).
  func start() -> Bool {
    for _ in 0..<threadCount {
      guard let thread = POSIXThread.startJoinable({ [self] in work() }) else {
        stop()
        return false
      }
      locked { threads.append(thread) }
    }
    return true
  }

  /// Runs `job` after `address`'s waiting jobs, in turn with other addresses' (unknown ones share
  /// a queue); once stopping, on the caller's thread, so that every job runs.
  func submit(address: String?, _ job: @escaping Job) {
    let key = address ?? ""
    let (accepted, wake) = locked { () -> (Bool, Bool) in
      if stopping.load(ordering: .relaxed) { return (false, false) }
      queues[key, default: AddressQueue()].jobs.append((job, .now))
      return (true, makeReadyIfRoom(key) && sleeping > 0)
    }
    // Woken after the lock is released: woken under it, the thread would at once wait for it.
    if wake { pthread_cond_signal(condition) }
    if !accepted { job() }
  }

  /// Whether `stop` began. Sequentially consistent: `ServerCore` counts suspensions before asking.
  var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  /// Lets the waiting jobs run, then ends the threads and waits for them; jobs submitted later
  /// run on their caller's thread.
  func stop() {
    let threads = locked {
      stopping.store(true, ordering: .sequentiallyConsistent)
      pthread_cond_broadcast(condition)
      let threads = self.threads
      self.threads = []
      return threads
    }
    for thread in threads { pthread_join(thread, nil) }
  }

  /// Jobs waiting or running, for tests.
  var pendingJobs: Int {
    locked { queues.values.reduce(0) { $0 + $1.jobs.count - $1.next + $1.running } }
  }

  /// Jobs running and jobs waiting for a thread now, for the metrics.
  var load: (running: Int, waiting: Int) {
    locked { queues.values.reduce((0, 0)) { ($0.0 + $1.running, $0.1 + $1.jobs.count - $1.next) } }
  }

  // MARK: - Threads

  private func work() {
    var finished: String?
    while let (key, job) = nextJob(after: finished) {
      job()
      finished = key
    }
  }

  /// Ends the job of `finished` and takes the next in turn, waiting for one (one lock for both);
  /// nil once stopping and nothing is left.
  private func nextJob(after finished: String?) -> (String, Job)? {
    pthread_mutex_lock(mutex)
    if let finished { finish(finished) }
    while true {
      if let (key, job) = takeReady() {
        // More in turn: another thread may start it.
        let more = readyStart < ready.count && sleeping > 0
        pthread_mutex_unlock(mutex)
        if more { pthread_cond_signal(condition) }
        return (key, job)
      }
      if stopping.load(ordering: .relaxed) {
        pthread_mutex_unlock(mutex)
        return nil
      }
      sleeping += 1
      pthread_cond_wait(condition, mutex)
      sleeping -= 1
    }
  }

  /// A job of `key` ended. Called with the lock.
  private func finish(_ key: String) {
    queues[key]?.running -= 1
    if queues[key]?.running == 0, queues[key]?.hasWaiting == false {
      queues[key] = nil
    } else {
      makeReadyIfRoom(key)
    }
  }

  /// The next job in turn, or nil when no address has one that may start. Called with the lock.
  private func takeReady() -> (String, Job)? {
    while readyStart < ready.count {
      let key = ready[readyStart]
      readyStart += 1
      if readyStart == ready.count {
        ready.removeAll(keepingCapacity: true)
        readyStart = 0
      }
      if let job = take(key) { return (key, job) }
    }
    return nil
  }

  /// Starts the next job of `key`. Called with the lock.
  private func take(_ key: String) -> Job? {
    guard var queue = queues[key] else { return nil }
    queue.isReady = false
    guard queue.hasWaiting else {
      queues[key] = queue
      return nil
    }
    let (job, submitted) = queue.take()
    queueWait?.observe(.now - submitted)
    queue.running += 1
    queues[key] = queue
    // Still more, and room: back at the end of the turn.
    makeReadyIfRoom(key)
    return job
  }

  /// Puts `key` in the turn if it has a job waiting and may run one more; whether it did. Called
  /// with the lock.
  @discardableResult
  private func makeReadyIfRoom(_ key: String) -> Bool {
    guard var queue = queues[key], !queue.isReady, queue.hasWaiting, queue.running < maxPerAddress else {
      return false
    }
    queue.isReady = true
    queues[key] = queue
    ready.append(key)
    return true
  }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
