import Synchronization

/// Gives each request an id, echoed in every answer's `X-Request-ID` and written to the access
/// log, so that a client can name its request to an operator.
struct RequestIDRouter<Inner: HTTPRouter>: HTTPMiddleware {
  let inner: Inner
  private let ids = RequestID()

  init(wrapping inner: Inner) { self.inner = inner }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    assign(ids.id(for: head.header("X-Request-ID").value), to: exchange)
    return inner.route(head, in: exchange)
  }

  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    if exchange.requestID == nil { assign(ids.id(for: nil), to: exchange) }
    return inner.error(status, message, in: exchange)
  }

  private func assign(_ id: String, to exchange: HTTPExchange) {
    exchange.requestID = id
    exchange.responseHeaders.append(HTTPHeaderField("X-Request-ID", text: id))
  }
}

/// Request ids: the client's (or a proxy's) own when usable, so one id follows a request through
/// every log, else a random 64-bit prefix and a counter (`5f0c2a9e41d7b3c8-1a`), free of a
/// system call per request.
final class RequestID: Sendable {
  /// The longest id taken from a client (longer ones are replaced).
  static let maxLength = 128

  private let prefix: String
  private let counter = Atomic<UInt64>(0)

  init() {
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() as UInt64, radix: 16)
    prefix = String(repeating: "0", count: 16 - random.count) + random + "-"
  }

  /// `incoming` when it is a usable id (1 to `maxLength` characters of letters, digits and
  /// `-._:+/=@`, which cannot break a header or a log line), else a new one.
  func id(for incoming: String?) -> String {
    if let incoming, Self.isUsable(incoming) { return incoming }
    return prefix + String(counter.add(1, ordering: .relaxed).newValue, radix: 16)
  }

  static func isUsable(_ text: String) -> Bool {
    let bytes = text.utf8
    return !bytes.isEmpty && bytes.count <= maxLength
      && bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "+"),
          UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "@"):
          true
        default: false
        }
      }
  }
}
