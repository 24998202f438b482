import Foundation
import GraphQLWire
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP answer as a test reads it.
public struct HTTPAnswer: Sendable {
  /// The status code (0 when the head had none).
  public var status: Int
  /// The head as the server sent it, status line included; empty over a URLSession, which hides it.
  public var head: String
  /// The header fields, by lower-cased name.
  public var headers: [String: String]
  /// The body: over a socket the bytes as sent (only chunked coding undone), over a URLSession
  /// as URLSession decoded them.
  public var body: [UInt8]

  /// The body as UTF-8 text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as JSON, or nil when it is none.
  public var json: JSON? { try? JSON(parsing: body) }

  /// The header field `name`, in any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One way for tests to make an HTTP request: `send` (async) and `sendWaiting` (blocking, for
/// threads that must not wait on Swift's cooperative pool), with the method, header fields and
/// body as options, over a URLSession or over a loopback socket of its own.
public enum TestHTTP {
  /// How a request travels.
  public enum Transport: Sendable {
    /// Over this session: connections kept alive, answers decoded as URLSession does.
    case session(URLSession)
    /// On a new loopback connection with exactly the given header fields (and `Host`,
    /// `Content-Length`, `Connection: close`), read to its end: the bytes as the server sent them.
    case socket(readTimeoutSeconds: Int)

    /// The shared session (see ``makeSession()``).
    public static let shared = Transport.session(sharedSession)
    /// A socket with a 30-second read timeout.
    public static let socket = Transport.socket(readTimeoutSeconds: 30)
  }

  /// A socket answer without a head, or a connection that could not be made.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// A session for tests: ephemeral, no cache (every request reaches the server), 60-second requests.
  public static func makeSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 60
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }

  private static let sharedSession = makeSession()

  /// Sends `method` (GET by default) to `url` with `headers` and `body` and returns the answer.
  public static func send(
    _ url: URL, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil,
    over transport: Transport = .shared
  ) async throws -> HTTPAnswer {
    try await withCheckedThrowingContinuation { continuation in
      start(method, url, headers, body, transport) { continuation.resume(with: $0) }
    }
  }

  /// ``send(_:method:headers:body:over:)``, blocking the calling thread until the answer is in.
  public static func sendWaiting(
    _ url: URL, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil,
    over transport: Transport = .shared
  ) throws -> HTTPAnswer {
    let outcome = Outcome()
    start(method, url, headers, body, transport) { result in
      outcome.result.withLock { $0 = result }
      outcome.done.signal()
    }
    outcome.done.wait()
    return try outcome.result.withLock { $0 }?.get() ?? { throw Failure(description: "no answer") }()
  }

  private final class Outcome: Sendable {
    let result = Mutex<Result<HTTPAnswer, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
  }

  private static func start(
    _ method: String, _ url: URL, _ headers: [String: String], _ body: [UInt8]?, _ transport: Transport,
    _ finish: @escaping @Sendable (Result<HTTPAnswer, any Error>) -> Void
  ) {
    switch transport {
    case .session(let session):
      var request = URLRequest(url: url)
      request.httpMethod = method
      request.cachePolicy = .reloadIgnoringLocalCacheData
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      request.httpBody = body.map { Data($0) }
      session.dataTask(with: request) { data, response, error in
        if let error { return finish(.failure(error)) }
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
          if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        finish(
          .success(
            HTTPAnswer(
              status: http?.statusCode ?? 0, head: "", headers: fields, body: [UInt8](data ?? Data()))))
      }.resume()
    case .socket(let seconds):
      // The reads block: on a thread of their own, off the cooperative pool.
      Thread.detachNewThread {
        finish(Result { try exchange(method, url, headers, body, readTimeoutSeconds: seconds) })
      }
    }
  }

  private static func exchange(
    _ method: String, _ url: URL, _ headers: [String: String], _ body: [UInt8]?, readTimeoutSeconds: Int
  ) throws -> HTTPAnswer {
    let ipv6 = url.host?.contains(":") == true
    let connection = try RawHTTPConnection(
      port: UInt16(clamping: url.port ?? 80), ipv6: ipv6, readTimeoutSeconds: readTimeoutSeconds)
    let parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = parts?.percentEncodedPath ?? ""
    let target = (path.isEmpty ? "/" : path) + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    connection.send(Array((head + "Connection: close\r\n\r\n").utf8) + (body ?? []))
    let bytes = connection.readToEnd().bytes
    guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
      throw Failure(description: "\(method) \(url): no answer (\(bytes.count) bytes)")
    }
    var answer = HTTPAnswer(
      status: 0, head: String(decoding: bytes[..<split.lowerBound], as: UTF8.self), headers: [:],
      body: Array(bytes[split.upperBound...]))
    let lines = answer.head.split(separator: "\r\n")
    answer.status =
      lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      answer.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    if answer.headers["transfer-encoding"]?.lowercased() == "chunked" { answer.body = dechunked(answer.body) }
    return answer
  }

  /// A body in HTTP/1.1 chunked transfer coding (RFC 9112 7.1) without it.
  private static func dechunked(_ coded: [UInt8]) -> [UInt8] {
    var rest = coded[...]
    var body: [UInt8] = []
    while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)),
      let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0,
      rest.endIndex - lineEnd.upperBound >= size
    {
      body += rest[lineEnd.upperBound..<(lineEnd.upperBound + size)]
      rest = rest[min(rest.endIndex, lineEnd.upperBound + size + 2)...]
    }
    return body
  }
}
