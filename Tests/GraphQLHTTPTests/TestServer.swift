import Foundation
import GraphQL
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import Synchronization
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

/// A response as the tests look at it.
struct TestResponse {
  var status: Int
  var headers: [String: String]
  var body: Data

  /// A header by name, case-insensitively.
  func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  var json: JSON? { try? JSON(parsing: [UInt8](body)) }
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A running server on 127.0.0.1 with an ephemeral port, and a URLSession of its own (so no
/// pooled connection from another test's server is ever reused), for one test.
final class TestServer: Sendable {
  let server: GraphQLHTTPServer
  let log: CollectingAccessLog
  let port: UInt16
  let session = URLSession(configuration: .ephemeral)

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

  /// Sends one request with URLSession.
  func send(
    _ method: String = "POST", _ pathAndQuery: String = "/graphql", headers: [String: String] = [:],
    body: Data? = nil
  ) async throws -> TestResponse {
    var request = URLRequest(url: try url(pathAndQuery))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      if let key = key as? String, let value = value as? String { fields[key] = value }
    }
    return TestResponse(status: http.statusCode, headers: fields, body: data)
  }

  /// POSTs `json` text to /graphql with `Content-Type: application/json`.
  func post(_ json: String, accept: String? = "application/json", headers: [String: String] = [:])
    async throws -> TestResponse
  {
    var all = headers
    all["Content-Type"] = all["Content-Type"] ?? "application/json"
    if let accept { all["Accept"] = accept }
    return try await send("POST", "/graphql", headers: all, body: Data(json.utf8))
  }

  /// GETs /graphql with the given query-string parameters, percent-encoded.
  func get(_ parameters: [(String, String)], accept: String = "application/json") async throws
    -> TestResponse
  {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+?#")
    let query = parameters.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
    return try await send("GET", "/graphql?\(query)", headers: ["Accept": accept])
  }
}
