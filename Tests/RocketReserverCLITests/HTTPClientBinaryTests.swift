import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// The libcurl client through the real binary: no CPU while waiting, `--timeout`, IPv6
/// literals against `serve --host ::1`, one connection for a whole session, bounded answers,
/// redirects, `--header` and `--verbose`.
@Suite struct HTTPClientBinaryTests {
  private func measured(_ fixture: ShellFixture, _ arguments: [String], _ extra: [String: String] = [:])
    throws
    -> MeasuredProcessResult
  {
    try runMeasuredProcess(
      BuiltProduct.rocketReserver, arguments, environment: fixture.environment(extra), directory: fixture.root
    )
  }

  @Test func waitingForASlowServerCostsNoCPU() throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"totalTripsBooked":7}}"#, delay: .seconds(3)))
    let fixture = try ShellFixture()
    let run = try measured(fixture, ["--endpoint", stub.url().absoluteString, "total"])
    #expect(run.result.status == 0)
    #expect(run.result.standardOutput == "7 trips booked in all\n")
    // URLSession spent 85% of a core here; the process start itself is a few tens of ms.
    let share = Double(run.cpuTime.components.seconds) + Double(run.cpuTime.components.attoseconds) / 1e18
    let wall = Double(run.wallTime.components.seconds) + Double(run.wallTime.components.attoseconds) / 1e18
    #expect(wall >= 3)
    #expect(share < 0.05 * wall, "CPU \(share) s over \(wall) s of waiting")
  }

  @Test func aHungServerTimesOutAsAsked() throws {
    let stub = try LoopbackHTTPStub(response: .json("{}", delay: .seconds(120)))
    let fixture = try ShellFixture()
    let url = stub.url().absoluteString
    for (arguments, environment) in [
      (["--timeout", "0.5", "--endpoint", url, "total"], [:]),
      (["--endpoint", url, "total"], ["ROCKET_RESERVER_TIMEOUT": "0.5"]),
    ] {
      let run = try measured(fixture, arguments, environment)
      #expect(run.result.status == 69)
      #expect(
        run.result.standardError
          == "rocket-reserver: cannot reach \(url): no response within 0.5 s (timed out)\n")
      #expect(run.wallTime >= .milliseconds(400) && run.wallTime <= .milliseconds(1500), "\(run.wallTime)")
    }
  }

  @Test func aBadTimeoutIsAUsageError() throws {
    let fixture = try ShellFixture()
    for value in ["0", "-1", "abc", "1e3", "nan", ".", "100000", "0.0000"] {
      let run = try fixture.run(["--timeout", value, "--endpoint", "http://127.0.0.1:9/graphql", "total"])
      #expect(run.status == 2, "\(value)")
      #expect(
        run.standardError.hasPrefix("rocket-reserver: --timeout '\(value)' is not a timeout"), "\(value)")
    }
    let environment = try fixture.run(
      ["--endpoint", "http://127.0.0.1:9/graphql", "total"], environment: ["ROCKET_RESERVER_TIMEOUT": "soon"])
    #expect(environment.status == 2)
    #expect(
      environment.standardError.hasPrefix("rocket-reserver: ROCKET_RESERVER_TIMEOUT 'soon' is not a timeout"))
  }

  @Test(.enabled(if: hasIPv6Loopback)) func anIPv6LiteralEndpointReachesServe() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve(host: "::1")
    #expect(served.endpoint.absoluteString.hasPrefix("http://[::1]:"))
    let run = try fixture.run(["--endpoint", served.endpoint.absoluteString, "launch", "1"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("mission:  FalconSat"))
  }

  @Test func twentyCommandsShareOneConnection() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let proxy = try LoopbackTCPServer.proxy(to: UInt16(served.endpoint.port ?? 0))
    let lines = String(repeating: "launch 1\n", count: 10) + String(repeating: "total\n", count: 10)
    let run = try fixture.run(["--endpoint", proxy.url().absoluteString], input: lines)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.components(separatedBy: "mission:  FalconSat").count == 11)
    #expect(proxy.acceptedConnections == 1)
  }

  /// Runs the binary under GNU time and returns its result and peak resident size in bytes.
  ///
  /// GNU time forks from its own small process, so the peak it reports is the client's alone (a
  /// child spawned straight from this large test process inherits its peak through exec).
  private func peakMemory(_ fixture: ShellFixture, _ arguments: [String]) throws -> (ProcessResult, Int) {
    let report = fixture.root.appendingPathComponent("time-\(UUID().uuidString).txt").path
    let run = try runMeasuredProcess(
      URL(fileURLWithPath: "/usr/bin/time"),
      ["-f", "%M", "-o", report, BuiltProduct.rocketReserver.path] + arguments,
      environment: fixture.environment(), directory: fixture.root)
    // The last line: time puts "Command exited with non-zero status 1" before it.
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    return (run.result, (lines.last.flatMap { Int($0) } ?? Int.max / 1024) * 1024)
  }

  @Test func aHugeAnswerIsRefusedWithoutBeingBuffered() throws {
    let size = 64 << 20
    let huge = try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(
        headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: size)))
    let small = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let (baseline, baselinePeak) = try peakMemory(
      fixture, ["--endpoint", small.url().absoluteString, "total"])
    #expect(baseline.status == 0)
    let (run, peak) = try peakMemory(fixture, ["--endpoint", huge.url().absoluteString, "total"])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "rocket-reserver: the answer from \(huge.url()) is larger than 16 MiB; the transfer was stopped\n")
    // Not even the 16 MiB the bound allows: Content-Length announced too much, so no body was read.
    #expect(peak < baselinePeak + (8 << 20), "peak RSS \(peak) bytes, \(baselinePeak) for a small answer")
  }

  /// A stub that logs in anyone (token `tok-secret`) and answers everything else with `other`.
  private func loginStub(other: LoopbackHTTPStub.Response) throws -> LoopbackHTTPStub {
    try LoopbackHTTPStub { request in
      guard request.carriesQueryText else { return .mustProvideQuery }
      if String(decoding: request.body, as: UTF8.self).contains("mutation Login") {
        return .json(#"{"data":{"login":{"id":"1","email":"ada@example.com","token":"tok-secret"}}}"#)
      }
      return other
    }
  }

  @Test func aRedirectIsNotFollowedAndTheTokenStaysHome() throws {
    let elsewhere = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":1}}"#))
    let stub = try loginStub(
      other: LoopbackHTTPStub.Response(status: 307, headers: ["Location": elsewhere.url().absoluteString]))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    #expect(try fixture.run(["--no-apq", "--endpoint", endpoint, "login", "ada@example.com"]).status == 0)
    let run = try fixture.run(["--no-apq", "--endpoint", endpoint, "total"])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("answered HTTP 307, a redirect to \(elsewhere.url()), which is not followed")
    )
    #expect(stub.requests.last?.header("authorization") == "tok-secret")
    #expect(elsewhere.requests.isEmpty)
    #expect(!run.standardError.contains("tok-secret"))
  }

  @Test func verboseReportsEachRequestButNeverTheToken() throws {
    let stub = try loginStub(other: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let login = try fixture.run(["-v", "--no-apq", "--endpoint", endpoint, "login", "ada@example.com"])
    #expect(login.status == 0)
    let run = try fixture.run([
      "--verbose", "--no-apq", "--header", "X-Trace: abc", "--endpoint", endpoint, "total",
    ])
    #expect(run.status == 0)
    #expect(run.standardOutput == "7 trips booked in all\n")
    // The request's line, then what its answer showed about onError (the stub ignored it).
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    let line = String(lines[0])
    #expect(line.hasPrefix("rocket-reserver: POST \(endpoint) TotalTripsBooked: 200, 31 bytes, "), "\(line)")
    // Milliseconds, or seconds on a slow, loaded machine.
    #expect(line.hasSuffix(" ms") || line.hasSuffix(" s"))
    #expect(lines.count == 3 && lines[1].contains("does not honour onError"), "\(run.standardError)")
    for output in [login.standardOutput, login.standardError, run.standardError] {
      #expect(!output.contains("tok-secret"))
    }
    #expect(stub.requests.last?.header("x-trace") == "abc")
    #expect(stub.requests.last?.header("authorization") == "tok-secret")
    // `schema` goes through the same chain: it is reported too (the stub's answer is no schema).
    let schema = try fixture.run(["-v", "--no-apq", "--endpoint", endpoint, "schema"])
    #expect(schema.status == 1)
    #expect(
      schema.standardError.hasPrefix("rocket-reserver: POST \(endpoint) IntrospectionQuery: 200, 31 bytes, "))
  }

  @Test func headersAreCheckedAndRepeatable() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let run = try fixture.run(
      [
        "--header", "X-Trace: one", "--header=X-Trace:two", "--header", "Authorization: Bearer mine",
        "--endpoint", endpoint,
        "total",
      ])
    #expect(run.status == 0)
    #expect(stub.requests.first?.header("x-trace") == "one, two")
    #expect(stub.requests.first?.header("authorization") == "Bearer mine")
    for bad in ["no colon here", "Bad Name: x", ": empty"] {
      let refused = try fixture.run(["--header", bad, "--endpoint", endpoint, "total"])
      #expect(refused.status == 2, "\(bad)")
      #expect(!refused.standardError.contains("colon here"))
    }
    #expect(stub.requests.count == 1)
  }

  @Test func ctrlCMidTransferReturnsToThePromptAndClosesTheConnection() async throws {
    let closed = Mutex<Bool?>(nil)
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      // Half a body, then nothing: only the client can end this.
      let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"data\":"
      LoopbackTCPServer.sendAll(client, Array(head.utf8))
      let sawClose = LoopbackTCPServer.waitForPeerClose(client, timeout: ShellFixture.patience)
      closed.withLock { $0 = sawClose }
    }
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", server.url().absoluteString])
    terminal.send("total\n")
    try terminal.expect("Counting trips", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("cancelled"))
    while closed.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(closed.withLock { $0 } == true)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

}
