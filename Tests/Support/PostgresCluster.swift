import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A private PostgreSQL server for tests: its own cluster in a temporary directory (`initdb`),
/// listening on a free loopback port and a Unix socket in that directory, started and stopped
/// with `pg_ctl`. It never touches a system cluster.
///
/// PostgreSQL refuses to run as root, so when the tests run as root (CI does) the server runs
/// as the `postgres` user that Debian's package creates. Clusters still running when the test
/// process exits are stopped then (`atexit`); the directory is removed.
///
/// For example:
///
///     let cluster = try PostgresCluster.shared()
///     let url = try cluster.createDatabase()   // postgresql://postgres@127.0.0.1:PORT/test_3
public final class PostgresCluster: Sendable {
  /// Why the cluster could not be set up; the message includes the server log's tail.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The cluster's directory (data in `data/`, the log in `log`, the socket beside them).
  public let directory: String
  /// The loopback TCP port the server listens on.
  public let port: Int
  private let binaries: URL
  private let runsAsPostgresUser: Bool
  private let databaseCount = Atomic<Int>(0)

  private static let sharedCluster = Mutex<PostgresCluster?>(nil)
  private static let running = Mutex<[String: PostgresCluster]>([:])

  /// The cluster shared by every test of this process, started on first use: start-up takes
  /// a second or two, so suites share it and each test makes its own database.
  ///
  /// - Throws: ``Failure`` when PostgreSQL is not installed or does not start.
  public static func shared() throws -> PostgresCluster {
    try sharedCluster.withLock { cluster in
      if let cluster { return cluster }
      let started = try PostgresCluster()
      cluster = started
      return started
    }
  }

  /// Creates and starts a new cluster of its own (for tests that stop or restart the server).
  ///
  /// - Throws: ``Failure`` when PostgreSQL is not installed or does not start.
  public init() throws {
    guard let binaries = Self.findBinaries() else {
      throw Failure(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")
    }
    self.binaries = binaries
    runsAsPostgresUser = getuid() == 0
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "rocket-pg-\(UUID().uuidString.prefix(8))"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    if runsAsPostgresUser, let user = getpwnam("postgres") {
      chown(directory, user.pointee.pw_uid, user.pointee.pw_gid)
    }
    port = Int(try LoopbackHTTPStub.closedPort())
    try serverCommand(
      "initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
    try start()
    Self.registerForExit()
  }

  /// `postgresql://postgres@127.0.0.1:PORT/NAME`.
  public func url(database: String) -> String { "postgresql://postgres@127.0.0.1:\(port)/\(database)" }

  /// Creates a new, empty database and returns its URL.
  ///
  /// - Throws: ``Failure`` when `createdb` fails.
  public func createDatabase() throws -> String {
    let name = "test_\(databaseCount.add(1, ordering: .relaxed).newValue)"
    try command(
      binaries.appendingPathComponent("createdb"),
      ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name], asPostgresUser: false)
    return url(database: name)
  }

  /// Starts the server (again), waiting until it accepts connections.
  ///
  /// - Throws: ``Failure`` with the log's tail when it does not start.
  public func start() throws {
    try serverCommand(
      "pg_ctl",
      [
        "-D", directory + "/data", "-l", directory + "/log", "-w", "-t", "60", "-o",
        "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
        "start",
      ])
    Self.running.withLock { $0[directory] = self }
  }

  /// Stops the server: `fast` ends sessions cleanly, `immediate` is like a crash.
  ///
  /// - Parameter immediately: use `-m immediate` rather than `-m fast` (default false).
  public func stop(immediately: Bool = false) {
    try? serverCommand(
      "pg_ctl", ["-D", directory + "/data", "-m", immediately ? "immediate" : "fast", "-w", "stop"])
    Self.running.withLock { $0[directory] = nil }
  }

  /// Stops the server and removes the cluster's directory.
  public func destroy() {
    stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  // MARK: - Internals

  private func serverCommand(_ name: String, _ arguments: [String]) throws {
    try command(binaries.appendingPathComponent(name), arguments, asPostgresUser: runsAsPostgresUser)
  }

  /// Runs a PostgreSQL program to completion, with `posix_spawn` and `waitpid` rather than
  /// Foundation's `Process`, whose wait can miss the exit of a child that left a daemon behind
  /// (`pg_ctl start`). Output goes to a file, never a pipe the daemon would keep open.
  private func command(_ executable: URL, _ arguments: [String], asPostgresUser: Bool) throws {
    // `env -C` starts it in the cluster's directory, which the `postgres` user may enter.
    let inDirectory = ["/usr/bin/env", "-C", directory, executable.path] + arguments
    let argv = asPostgresUser ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + inDirectory : inDirectory
    let outputPath = directory + "/command-output"
    let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard output >= 0 else { throw Failure(description: "cannot create \(outputPath): errno \(errno)") }
    defer { Glibc.close(output) }
    _ = fchmod(output, 0o666)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    let cStrings = argv.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    var pointers = cStrings + [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, &pointers, environ)
    guard spawned == 0 else { throw Failure(description: "cannot start \(argv[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED && WEXITSTATUS == 0, spelled out: the C macros are not imported.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      let said = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      let log = (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? ""
      throw Failure(
        description: "\(executable.lastPathComponent) failed (status \(status)): \(said)\n"
          + "server log: \(log.suffix(2000))")
    }
  }

  private static func findBinaries() -> URL? {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let newestFirst = versions.compactMap(Int.init).sorted(by: >)
    for version in newestFirst {
      let bin = URL(fileURLWithPath: "\(root)/\(version)/bin")
      if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) {
        return bin
      }
    }
    return nil
  }

  private static let exitHookInstalled = Atomic<Bool>(false)

  private static func registerForExit() {
    guard !exitHookInstalled.exchange(true, ordering: .relaxed) else { return }
    atexit {
      let clusters = PostgresCluster.running.withLock { Array($0.values) }
      for cluster in clusters { cluster.destroy() }
    }
  }
}
