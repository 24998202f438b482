import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension PseudoTerminal {
  /// Spawns `path` as a session leader whose stdin, stdout and stderr are the terminal at
  /// `terminal`, except standard output or standard error sent to a file when given.
  ///
  /// glibc's `posix_spawn` applies POSIX_SPAWN_SETSID before the file actions, so opening the
  /// terminal (without O_NOCTTY) in the child makes it the controlling terminal.
  /// - Returns: the child's process id.
  /// - Throws: `PseudoTerminalError.systemCall` when spawning fails.
  static func spawn(
    _ path: String, arguments: [String], environment: [String: String], terminal: String,
    standardOutput: String? = nil, standardError: String? = nil
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    for (descriptor, file) in [(Int32(1), standardOutput), (2, standardError)] {
      guard let file else { continue }
      posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Start with default signal handling and nothing blocked, whatever the test runner did.
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc >= 2.26); the macro is GNU-only.
    posix_spawnattr_setflags(
      &attributes, Int16(setsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard result == 0 else { throw PseudoTerminalError.systemCall("posix_spawn \(path)", result) }
    return pid
  }
}
