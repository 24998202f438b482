import EngineProbes
import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// Request limits through the real binary: the probe documents cost `serve` little CPU, and SIGTERM in
/// the middle of a runaway request ends the process within its drain, the request stopped by its
/// deadline.
@Suite(.serialized) struct ServeLimitsTests {
  @Test func theProbesCostTheServerLittleCPU() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-limits")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let before = server.cpuSeconds()
    for probe in ProbeDocuments.validation + ProbeDocuments.execution {
      let (status, body) = try await server.send(probe.text)
      #expect(status == 200, "\(probe.name)")
      let code = body["errors"]?[0]?["extensions"]?["code"]?.stringValue
      if probe.isValid {
        #expect(code == nil || code == "QUERY_TOO_COMPLEX", "\(probe.name): \(code ?? "")")
      } else {
        #expect(code == "GRAPHQL_VALIDATION_FAILED", "\(probe.name)")
      }
    }
    // graphql-js takes minutes of CPU on some of these documents; a debug build here a few seconds at most.
    let used = server.cpuSeconds() - before
    #expect(used < 20, "serve used \(used) s of CPU")
    #expect(server.terminate() == 0)
  }

  /// 40 pages of 100 launches, each launch with 3 000 aliased fields (one fragment spread at
  /// both levels): 12 million fields from a 46 KB document, minutes of work without a deadline.
  static let runawayQuery: String = {
    let pages = (0..<40).map { "p\($0): launches(pageSize: 100) { launches { ...L } }" }.joined(
      separator: " ")
    let fields = (0..<3000).map { "a\($0):isBooked" }.joined(separator: " ")
    return "{ ...P } fragment P on Query { \(pages) } fragment L on Launch { \(fields) }"
  }()

  @Test func sigtermDuringARunawayRequestEndsWithinTheDrain() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-limits")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"),
      options: [
        "--max-cost", "1000000000000", "--max-response-bytes", "1000000000", "--request-timeout", "1",
      ])
    let start = server.cpuSeconds()
    let runaway = Task { try await server.send(Self.runawayQuery) }
    // Waits (bounded) until the server is busy with the request: its CPU time grows.
    let busyBy = Date().addingTimeInterval(60)
    while server.cpuSeconds() - start < 0.2, Date() < busyBy {
      try await Task.sleep(for: .milliseconds(10))
    }
    // SIGTERM now: the drain (10 s) waits for the request, which its 1 s deadline ends.
    let status = server.terminate()
    #expect(status == 0)
    let (httpStatus, body) = try await runaway.value
    #expect(httpStatus == 200)
    #expect(body["data"] == .null)
    #expect(body["errors"]?[0]?["extensions"]?["code"] == .string("REQUEST_TIMEOUT"))
  }
}
