import Foundation
import TestSupport
import Testing

/// A temporary home with XDG folders for running `rocket-reserver` in tests; removed on deinit.
final class ShellFixture {
  let root: URL
  /// The prompt of the shell started last (`rocket-reserver> `, or with `--endpoint` the
  /// server's short name: `rocket-reserver (@ 127.0.0.1:4000)> `), which `expectPrompt` waits for.
  var prompt = "rocket-reserver> "

  /// The prompt a shell started with `arguments` shows when `email` is logged in: the server's
  /// host and port after an `@` when `--endpoint` is among them (its path is `/graphql` in tests).
  static func prompt(email: String? = nil, arguments: [String] = []) -> String {
    var server: String?
    if let index = arguments.firstIndex(of: "--endpoint"), index + 1 < arguments.count,
      let url = URL(string: arguments[index + 1]), let host = url.host
    {
      server = host + (url.port.map { ":\($0)" } ?? "")
    }
    switch (email, server) {
    case (nil, nil): return "rocket-reserver> "
    case (let email?, nil): return "rocket-reserver (\(email))> "
    case (nil, let server?): return "rocket-reserver (@ \(server))> "
    case (let email?, let server?): return "rocket-reserver (\(email) @ \(server))> "
    }
  }

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rocket-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Starts the binary with `arguments`, this fixture's environment over the test process's,
  /// nothing on standard input and its output and errors where given; the caller waits for it.
  func start(_ arguments: [String], output: Any = FileHandle.nullDevice, errors: Any = FileHandle.nullDevice)
    throws -> Process
  {
    let process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment()) { $1 }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// `serve` on an ephemeral port of `host`, with this fixture's environment and its data in
  /// `served` under the root.
  func serve(host: String = "127.0.0.1") throws -> ServeProcess {
    try ServeProcess(
      dataDirectory: root.appendingPathComponent("served").path, host: host, environment: environment())
  }

  var stateHome: URL { root.appendingPathComponent("state") }
  var historyFile: URL { stateHome.appendingPathComponent("rocket-reserver/history") }

  /// The environment every run gets: XDG folders and HOME inside `root`, a known terminal type,
  /// no colours (the test runner sets NO_COLOR itself; say so explicitly), and no pager (help
  /// and JSON taller than the window would wait in `less`; pager tests set PAGER themselves), and
  /// no mission patches (`launch` would query the terminal and fetch images; the tests of
  /// pictures set NO_IMAGES empty).
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "HOME": root.path,
      "XDG_STATE_HOME": stateHome.path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
      "TERM": "xterm",
      "LC_ALL": "C.UTF-8",
      "NO_COLOR": "1",
      "PAGER": "",
      "NO_IMAGES": "1",
    ].merging(extra) { $1 }
  }

  var dataHome: URL { root.appendingPathComponent("data") }
  var databaseFile: URL { dataHome.appendingPathComponent("rocket-reserver/backend.sqlite") }
  var credentialsFile: URL { root.appendingPathComponent("config/rocket-reserver/credentials.json") }

  /// How long to wait for output: far longer than anything takes, since it only costs time when a
  /// test fails (the machine may be busy building).
  static let patience = Duration.seconds(60)

  /// Starts the interactive shell in a pty and waits for its first prompt.
  /// `standardOutput`, when given, is a file standard output goes to (`rocket-reserver > FILE`).
  func startShell(
    _ extra: [String: String] = [:], arguments: [String] = [], prompt: String? = nil,
    columns: UInt16 = 80, rows: UInt16 = 24, standardOutput: URL? = nil
  ) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: arguments, environment: environment(extra),
      columns: columns, rows: rows, standardOutput: standardOutput)
    self.prompt = prompt ?? Self.prompt(arguments: arguments)
    try expectPrompt(terminal)
    return terminal
  }

  /// Waits for the prompt (default `rocket-reserver> `) and for the line editor to read keys.
  /// - Returns: the output before and including the prompt.
  @discardableResult
  func expectPrompt(_ terminal: PseudoTerminal, _ prompt: String? = nil) throws -> String {
    let output = try terminal.expect(prompt ?? self.prompt, timeout: Self.patience)
    try terminal.waitForRawMode(timeout: Self.patience)
    return output
  }

  /// A shell whose `total` waits on a server that answers only after ten minutes, shown once
  /// its spinner names what is being waited for.
  /// - Returns: the stub (keep it alive) and the terminal.
  func shellWaitingOnASlowTotal() async throws -> (stub: LoopbackHTTPStub, terminal: PseudoTerminal) {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"totalTripsBooked":7}}"#, delay: .seconds(600)))
    let terminal = try startShell(arguments: ["--endpoint", stub.url().absoluteString])
    terminal.send("total\n")
    #expect(await stub.waitForRequests(count: 1))
    // After about 300 ms the spinner names what is being waited for.
    try terminal.expect("Counting trips", timeout: Self.patience)
    return (stub, terminal)
  }

  /// A server that answers introspection with the embedded API's real schema (`query` checks a
  /// document against the server's schema first) and everything else with `answer`.
  func stubWithTheRealSchema(answering answer: @escaping @Sendable (String) -> String) throws
    -> LoopbackHTTPStub
  {
    let introspection = try run(["--json", "schema"])
    #expect(introspection.status == 0)
    let introspectionBody = #"{"data":"# + introspection.standardOutput + "}"
    return try LoopbackHTTPStub { request in
      guard request.carriesQueryText else { return .mustProvideQuery }
      let body = String(decoding: request.body, as: UTF8.self)
      return .json(body.contains("IntrospectionQuery") ? introspectionBody : answer(body))
    }
  }

  /// Runs the binary with `arguments` and piped `input`.
  func run(
    _ arguments: [String], input: String = "", environment extra: [String: String] = [:]
  ) throws -> ProcessResult {
    try runProcess(BuiltProduct.rocketReserver, arguments, environment: environment(extra), input: input)
  }
}
