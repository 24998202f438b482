import FoundationEssentials
import GraphQLWire

/// What an HTTP server answered: status, header fields and the whole body, whatever the status
/// (GraphQL servers put errors in the body of 400 and 500 responses).
public struct HTTPResponse: Sendable, Equatable {
  /// The status code, such as 200 or 400.
  public var status: Int
  /// Header fields with lower-cased names.
  public var headers: [String: String]
  /// The body bytes (empty when there was none).
  public var body: Data

  /// A response; header names are lower-cased here.
  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    self.body = body
  }

  /// The value of header `name`, matched case-insensitively.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// Whether the status is 5xx: the server (or a proxy in front of it) failed.
  public var isServerError: Bool { (500...599).contains(status) }

  /// What kind of body this is, judged from its first bytes and `Content-Type`.
  public var bodyKind: BodyKind { BodyKind(body: body, contentType: header("content-type")) }

  /// The kind of a response body, enough to tell a GraphQL answer from an error page.
  public enum BodyKind: Sendable, Equatable, CustomStringConvertible {
    /// Starts with `{` or `[` (after white space): worth parsing as JSON.
    case json
    /// An HTML page, typically a proxy's or web server's error page.
    case html
    /// No bytes at all.
    case empty
    /// Anything else, with its media type when the server named one.
    case other(contentType: String?)

    /// Classifies `body`; `contentType` is the `Content-Type` header, if any.
    init(body: Data, contentType: String?) {
      let mediaType = contentType?.split(separator: ";").first
        .map { $0.trimmingSpaces().lowercased() }
      guard let first = body.first(where: { !Self.whiteSpace.contains($0) }) else {
        self = .empty
        return
      }
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        self = .json
      } else if mediaType == "text/html" || first == UInt8(ascii: "<") {
        self = .html
      } else {
        self = .other(contentType: mediaType)
      }
    }

    private static let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]

    /// "an HTML page", "an empty body", "a text/plain body", "a JSON body".
    public var description: String {
      switch self {
      case .json: "a JSON body"
      case .html: "an HTML page"
      case .empty: "an empty body"
      case .other(let contentType?): "a \(contentType) body"
      case .other(nil): "a body that is not JSON"
      }
    }
  }
}
