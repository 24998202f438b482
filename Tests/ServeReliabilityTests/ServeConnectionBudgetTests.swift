import Foundation
import TestSupport
import Testing

/// `serve --max-connections-per-ip` over raw sockets: one address's budget, other addresses served.
@Suite struct ServeConnectionBudgetTests {
  private static let request =
    "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 26\r\n\r\n"
    + #"{"query":"{ __typename }"}"#

  @Test func oneAddressGetsAtMostItsBudget() throws {
    let directory = try TemporaryDirectory(prefix: "serve-budget")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--max-connections-per-ip", "2"])
    let port = server.port
    let held = try (0..<2).map { _ in try RawHTTPConnection(port: port, source: "127.0.0.1") }
    for connection in held {
      connection.send(Self.request)
      #expect(connection.readResponse()?.status == 200)
    }
    let third = try RawHTTPConnection(port: port, source: "127.0.0.1")
    #expect(third.closedWithin(milliseconds: 5000))
    let other = try RawHTTPConnection(port: port, source: "127.0.0.2")
    other.send(Self.request)
    #expect(other.readResponse()?.status == 200)
  }

  @Test(arguments: ["-1", "lots", "100001"])
  func badBudgetIsAUsageError(value: String) throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["serve", "--max-connections-per-ip", value])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--max-connections-per-ip takes a number from 0 to 100000"))
  }
}
