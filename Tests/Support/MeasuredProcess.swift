import Foundation
import Glibc

/// A finished child process with what the kernel measured of it (`wait4`'s `rusage`).
public struct MeasuredProcessResult: Sendable {
  /// How it ended and what it printed.
  public var result: ProcessResult
  /// User plus system CPU time of the child.
  public var cpuTime: Duration
  /// Wall-clock time from spawning to reaping.
  public var wallTime: Duration
  /// The child's peak resident set size, in bytes.
  public var maximumResidentBytes: Int
}

/// Runs `executable` with `arguments` (standard input empty, output to files in `directory`)
/// and returns its status, output, CPU time and peak memory as the kernel counted them.
///
/// - Parameters:
///   - environment: the child's whole environment.
///   - directory: where the output files go (an existing, writable directory).
/// - Throws: `POSIXError` when the process cannot be started or reaped.
public func runMeasuredProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL
) throws -> MeasuredProcessResult {
  let outPath = directory.appendingPathComponent("measured-\(UUID().uuidString).out").path
  let errPath = outPath + ".err"
  defer {
    unlink(outPath)
    unlink(errPath)
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  let argv = ([executable.path] + arguments).map { strdup($0) }
  let envp = environment.map { strdup("\($0.key)=\($0.value)") }
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], envp + [nil])
  guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 {
    guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
  }
  let wall = ContinuousClock.now - start
  func duration(_ time: timeval) -> Duration {
    .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
  }
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  return MeasuredProcessResult(
    result: ProcessResult(status: exitStatus, standardOutput: output, standardError: errors),
    cpuTime: duration(usage.ru_utime) + duration(usage.ru_stime), wallTime: wall,
    maximumResidentBytes: usage.ru_maxrss * 1024)
}
