// Shared by the HTTP fuzz targets (Fuzz/HTTPHeadEntry.swift, Fuzz/HTTPBodyEntry.swift): a real
// GraphQLHTTPServer on an ephemeral loopback port, serving a small real schema, and a raw client
// that sends one input per connection and checks what comes back.
//
// Compiled into one module with Sources/Server/GraphQLHTTP (see Fuzz/run.sh), so it reaches the
// internal API; Sources/Engine/GraphQL and Sources/Server/HTTPServer are linked as modules of their own.
import GraphQL
import Glibc
import HTTPServer

private let fuzzSDL = """
  type Query { hello(name: String): String  whoami: String  launches(first: Int): [String!]! }
  type Mutation { bump: Int }
  """

/// The server every input goes to, started on first use. The idle timeout is short, so an input
/// that leaves a request unfinished costs at most 3 s (libmicrohttpd counts it in whole seconds,
/// so 1 s can expire at once and cut a request in progress); the per-address budget is off and
/// the head deadline long, because every input comes from 127.0.0.1 in quick succession and a
/// loaded, sanitized process can stall past a short deadline (both are tested in
/// Tests/GraphQLHTTPTests/FairnessTests.swift).
let fuzzServerPort: UInt16 = {
  let resolvers: [String: [String: FieldResolver<String?>]] = [
    "Query": [
      "hello": .sync { "Hello, \($0.arguments["name"]?.stringValue ?? "world")" },
      "whoami": .sync { $0.context },
      "launches": .sync { info in (0..<min(info.arguments["first"]?.intValue ?? 3, 50)).map { "launch \($0)" } },
    ],
    "Mutation": ["bump": .sync { _ in 1 }],
  ]
  guard let schema = try? buildSchema(fuzzSDL) else { fatalError("fuzz schema does not build") }
  let service = GraphQLProcessorService(
    processor: GraphQLRequestProcessor(schema: ExecutableSchema(schema: schema, resolvers: resolvers))
  ) { $0 }
  let server = GraphQLHTTPServer(
    service: service,
    configuration: .init(
      maxBodyBytes: 2 << 10, connectionTimeoutSeconds: 3, maxConnectionsPerAddress: 0,
      headTimeoutSeconds: 10, threads: 2, drainTimeoutSeconds: 0),
    accessLog: DiscardingAccessLog())
  do {
    try server.start(host: "127.0.0.1", port: 0)
  } catch {
    fatalError("fuzz server does not start: \(error)")
  }
  fuzzServers.append(server)
  guard let port = server.port else { fatalError("fuzz server has no port") }
  return port
}()

/// Keeps the server alive for the whole run.
nonisolated(unsafe) private var fuzzServers: [GraphQLHTTPServer] = []

/// Sends `bytes` on a fresh connection, half-closes it, and returns everything the server sends
/// until it closes (bounded by a 5 s read timeout; the server's own timeouts are 1 s).
///
/// Every socket call is retried when a signal interrupts it: libFuzzer's timeout alarm (SIGALRM
/// every 6 s with -timeout=10, installed without SA_RESTART) lands on this thread now and then.
/// Taken for the end of the reply, an interrupted recv made an answer look missing (a false
/// "statuses []" after 31 122 runs), and an interrupted connect a server that stopped accepting.
func exchange(_ bytes: [UInt8]) -> [UInt8] {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  precondition(socket >= 0, "no socket")
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = fuzzServerPort.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  precondition(connected == 0 || (errno == EINTR && awaitConnection(socket)), "the server stopped accepting connections")
  var timeout = timeval(tv_sec: 5, tv_usec: 0)
  setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var offset = 0
  while offset < bytes.count {
    let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if sent < 0 && errno == EINTR { continue }
    if sent <= 0 { break }
    offset += sent
  }
  shutdown(socket, Int32(SHUT_WR))
  var received: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while received.count < 4 << 20 {
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      received += chunk[0..<count]
    } else if count < 0 && errno == EINTR {
      fputs("fuzz client: recv interrupted by a signal, retried\n", stderr)
    } else if count < 0 && errno == EAGAIN {
      fatalError("the server neither answered nor closed within 5 s")
    } else {
      break
    }
  }
  return received
}

/// Waits for a connect that a signal interrupted (it goes on in the background) and tells whether
/// it succeeded.
private func awaitConnection(_ socket: Int32) -> Bool {
  var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
  while poll(&entry, 1, 5000) < 0 && errno == EINTR {}
  var error: Int32 = 0
  var length = socklen_t(MemoryLayout<Int32>.size)
  return getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0 && entry.revents & Int16(POLLOUT) != 0
}

/// Every response in `reply` must start with a status line `HTTP/1.x NNN `; returns the statuses.
/// An empty reply (the server closed without answering) is allowed.
@discardableResult
func checkResponses(_ reply: [UInt8], input: [UInt8]) -> [Int] {
  var statuses: [Int] = []
  var rest = reply[...]
  while !rest.isEmpty {
    let text = String(decoding: rest.prefix(13), as: UTF8.self)
    guard text.count == 13, text.hasPrefix("HTTP/1."), let status = Int(text.dropFirst(9).prefix(3)),
      (100...599).contains(status)
    else {
      fatalError("malformed response \(Array(rest.prefix(64))) to input \(Array(input.prefix(256)))")
    }
    statuses.append(status)
    guard let headEnd = find([13, 10, 13, 10], in: rest) else { fatalError("response head never ends") }
    let head = String(decoding: rest[rest.startIndex..<headEnd], as: UTF8.self).lowercased()
    let length =
      head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: " ")) } ?? 0
    let bodyStart = headEnd + 4
    // libmicrohttpd 0.9.75 sends the head of the error answers it makes itself (unparsable
    // Content-Length, oversized head) twice and then closes; the server never sees those
    // requests, so it cannot intercept them. That, and only that, ends the check.
    let headBytes = rest[rest.startIndex..<bodyStart]
    if rest[bodyStart...].starts(with: headBytes), head.contains("connection: close") { break }
    // An answer to HEAD announces its length but carries no body; the server then closes or
    // answers the next request, which the loop checks in turn.
    if rest.endIndex == bodyStart { break }
    guard rest.endIndex - bodyStart >= length || String(decoding: rest[bodyStart...].prefix(9), as: UTF8.self) == "HTTP/1.1 "
    else { fatalError("response body cut short") }
    if String(decoding: rest[bodyStart...].prefix(9), as: UTF8.self) == "HTTP/1.1 " {
      rest = rest[bodyStart...]
      continue
    }
    rest = rest[(bodyStart + length)...]
  }
  return statuses
}

private func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
  guard haystack.count >= needle.count else { return nil }
  var index = haystack.startIndex
  while index + needle.count <= haystack.endIndex {
    if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
    index += 1
  }
  return nil
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var result = self
    while let first = result.first, set.contains(first) { result = result.dropFirst() }
    while let last = result.last, set.contains(last) { result = result.dropLast() }
    return result
  }
}
