import Foundation
import GraphQL
import GraphQLWire
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real `rocket-reserver serve` process on an ephemeral loopback port, for tests that need
/// the whole program: concurrency over HTTP, SIGKILL and restart.
final class ServeProcess: @unchecked Sendable {
  // Invariant: `process` and `endpoint` are set once in init and only read afterwards.
  let process: Process
  let endpoint: URL
  private let session: URLSession

  struct StartFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `serve --port PORT` (default 0: a free one) on `dataDirectory` (or, given `database`,
  /// on that PostgreSQL URL, with `dataDirectory` for its other files), with `options` added, and
  /// waits (bounded) for its `listening on` line.
  init(dataDirectory: String, database: String? = nil, port: UInt16 = 0, options: [String] = []) throws {
    process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    let storage = database.map { ["--database", $0] } ?? ["--data-dir", dataDirectory]
    process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port)] + storage + options
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = dataDirectory + "/config"
    environment["XDG_STATE_HOME"] = dataDirectory + "/state"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = output.fileHandleForReading.readFirstLine()
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("listening on "),
      let url = URL(string: String(text.dropFirst("listening on ".count)))
    else {
      process.terminate()
      throw StartFailure(description: "serve printed \(text.debugDescription) instead of its address")
    }
    endpoint = url
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 60
    session = URLSession(configuration: configuration)
  }

  deinit {
    if process.isRunning {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Sends one GraphQL request and returns the HTTP status and the decoded body.
  func send(_ query: String, variables: JSONObject = [:], token: String? = nil) async throws -> (Int, JSON) {
    var request = URLRequest(url: endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
    let body: JSON = .object(["query": .string(query), "variables": .object(variables)])
    request.httpBody = Data(body.encoded())
    let (data, response) = try await session.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    return (status, try JSON(parsing: [UInt8](data)))
  }

  /// Logs in as `email` and returns the token.
  func logIn(_ email: String) async throws -> String {
    let (_, body) = try await send(
      "mutation($e: String!) { login(email: $e) { token } }", variables: ["e": .string(email)])
    guard let token = body["data"]?["login"]?["token"]?.stringValue else {
      throw StartFailure(description: "login failed: \(body)")
    }
    return token
  }

  /// The CPU time the process has used so far (user and system, from `/proc/PID/stat`), in seconds.
  func cpuSeconds() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Sends SIGKILL and waits for the process to end.
  func kill() {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Sends SIGTERM and waits (bounded) for the process to end; returns its exit status.
  func terminate() -> Int32 {
    Glibc.kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    return process.terminationStatus
  }
}
