import Foundation

/// A running `Tests/Peers/incremental_server.py`: a GraphQL server that answers `@defer` and
/// `@stream` incrementally with graphql-core 3.3, framed as Apollo Server frames it, in the
/// format the request's `Accept` asks for. Its `held` field resolves only when the test calls
/// ``release()``, so a test can see the first payload arrive before the deferred part is done.
///
/// Needs `/usr/bin/python3` and graphql-core under `.build/python-peers` (`make test-deps`):
/// see ``isAvailable``. The process is killed when the value goes away.
public final class IncrementalPeer: @unchecked Sendable {
  // Invariant: every stored property is set in init and only read afterwards (the stdin pipe's
  // writes are serialized by the caller, one test).
  /// The package's root directory.
  static let root = RepositoryRoot.url
  static let python = URL(fileURLWithPath: "/usr/bin/python3")
  static let peers = root.appendingPathComponent(".build/python-peers")

  /// Whether the peer can run here: Python and graphql-core are installed.
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: python.path)
      && FileManager.default.fileExists(atPath: peers.appendingPathComponent("graphql").path)
  }

  private let process: Process
  private let input = Pipe()
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:PORT/graphql`.
  public let endpoint: URL

  /// Starts the server and waits (up to the pipe's end) for the port it prints.
  ///
  /// - Throws: when Python cannot start or the server printed no port.
  public init() throws {
    (process, port, endpoint) = try Self.start("incremental_server.py", input: input)
  }

  /// Starts `Tests/Peers/<script>` with `arguments` under Python, the pinned peers on its path
  /// and `input` (or nothing) on its standard input, and reads the port it prints first.
  static func start(_ script: String, _ arguments: [String] = [], input: Pipe? = nil) throws -> (
    process: Process, port: Int, endpoint: URL
  ) {
    let process = Process()
    process.executableURL = python
    process.arguments = [root.appendingPathComponent("Tests/Peers/\(script)").path] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": peers.path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    if let input { process.standardInput = input } else { process.standardInput = FileHandle.nullDevice }
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)),
      let endpoint = URL(string: "http://127.0.0.1:\(port)/graphql")
    else {
      process.terminate()
      throw PeerFailure(message: "\(script) printed no port: \(line)")
    }
    return (process, port, endpoint)
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Lets one waiting (or the next) `held` field resolve.
  public func release() {
    input.fileHandleForWriting.write(Data("release\n".utf8))
  }

  /// Why the peer did not start.
  public struct PeerFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }
}
