import Foundation
import GraphQL
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An access log that keeps its entries for inspection.
final class CollectingAccessLog: AccessLog {
  private let storage = Mutex<[AccessLogEntry]>([])

  func record(_ entry: AccessLogEntry) { storage.withLock { $0.append(entry) } }

  var entries: [AccessLogEntry] { storage.withLock { $0 } }
}

/// A running server on 127.0.0.1 with an ephemeral port, and a URLSession of its own (so no
/// pooled connection from another test's server is ever reused), for one test.
final class TestServer: Sendable {
  let server: GraphQLHTTPServer
  let log: CollectingAccessLog
  let port: UInt16
  let session = TestHTTP.makeSession()

  init(
    service: any GraphQLService = FakeGraphQLService(),
    configuration: GraphQLHTTPServer.Configuration = .init(connectionTimeoutSeconds: 2, threads: 2)
  ) throws {
    log = CollectingAccessLog()
    server = GraphQLHTTPServer(service: service, configuration: configuration, accessLog: log)
    try server.start(host: "127.0.0.1", port: 0)
    port = try #require(server.port)
  }

  deinit {
    session.invalidateAndCancel()
    server.stop()
  }

  func url(_ pathAndQuery: String) throws -> URL {
    try #require(URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)"))
  }

  /// Sends one request over this server's session (or `over` another way).
  func send(
    _ method: String = "POST", _ pathAndQuery: String = "/graphql", headers: [String: String] = [:],
    body: [UInt8]? = nil, over transport: TestHTTP.Transport? = nil
  ) async throws -> HTTPAnswer {
    try await TestHTTP.send(
      try url(pathAndQuery), method: method, headers: headers, body: body,
      over: transport ?? .session(session))
  }

  /// POSTs `json` text to /graphql with `Content-Type: application/json`.
  func post(
    _ json: String, accept: String? = "application/json", headers: [String: String] = [:],
    over transport: TestHTTP.Transport? = nil
  ) async throws -> HTTPAnswer {
    var all = headers
    all["Content-Type"] = all["Content-Type"] ?? "application/json"
    if let accept { all["Accept"] = accept }
    return try await send("POST", "/graphql", headers: all, body: Array(json.utf8), over: transport)
  }

  /// GETs /graphql with the given query-string parameters, percent-encoded.
  func get(_ parameters: [(String, String)], accept: String = "application/json") async throws
    -> HTTPAnswer
  {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+?#")
    let query = parameters.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
    return try await send("GET", "/graphql?\(query)", headers: ["Accept": accept])
  }
}
