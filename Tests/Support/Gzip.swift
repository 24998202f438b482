import Foundation

/// gzip(1), an implementation independent of the program's zlib shim, for tests of compressed
/// answers: what it writes for `input` with `arguments` (`-c` compresses, `-dc` decompresses).
public func gzipTool(_ arguments: [String], input: Data) throws -> Data {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/gzip")
  process.arguments = arguments
  let standardInput = Pipe()
  let standardOutput = Pipe()
  process.standardInput = standardInput
  process.standardOutput = standardOutput
  try process.run()
  // Written on a thread of its own: gzip's output must be drained while it still reads.
  let writer = standardInput.fileHandleForWriting
  Thread {
    writer.write(input)
    try? writer.close()
  }.start()
  let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw GzipToolFailure(status: process.terminationStatus) }
  return output
}

/// gzip(1) exited with a failure status (for example, input that is not gzip).
public struct GzipToolFailure: Error, CustomStringConvertible {
  public let status: Int32
  public var description: String { "gzip exited with status \(status)" }
}
