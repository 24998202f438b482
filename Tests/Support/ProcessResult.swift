import Foundation

/// What a finished child process printed and how it ended.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String
}

/// Runs `executable` with `arguments`, feeding `input` on standard input, and waits for it.
///
/// - Parameters:
///   - environment: extra variables laid over the current environment (default none).
///   - input: bytes written to the child's standard input, which is then closed (default empty).
/// - Throws: when the process cannot be started.
public func runProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String = ""
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
  let group = DispatchGroup()
  nonisolated(unsafe) var errorData = Data()
  group.enter()
  DispatchQueue.global().async {
    errorData = stderr.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus,
    standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData, as: UTF8.self))
}
