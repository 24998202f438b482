/// The request-head rules of RFC 9112 that libmicrohttpd 0.9.75 does not enforce itself, checked
/// before a request is routed.
///
/// Each rule closes a way to make this server and a proxy in front of it disagree about where a
/// request ends (request smuggling) or to slip bytes past a header check:
/// - `Content-Length` together with `Transfer-Encoding`: 400 and close (RFC 9112 section 6.1: "a
///   server MAY reject a request that contains both ... but ought to handle such a request as an
///   error ... and close the connection").
/// - A transfer coding other than exactly `chunked`: 501 and close (section 6.1, "A server that
///   receives a request message with a transfer coding it does not understand SHOULD respond with
///   501 (Not Implemented)"). `Transfer-Encoding` in an HTTP/1.0 request: 400 and close (section
///   6.1: such framing is faulty).
/// - Several `Content-Length` fields with different values, or one that is not a decimal number:
///   400 and close (section 6.3, item 5).
/// - No `Host` field in an HTTP/1.1 request, or several: 400 (RFC 9112 section 3.2, "A server MUST
///   respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks a
///   Host header field and to any request message that contains more than one Host header field").
/// - A control character (other than horizontal tab) in a field value, NUL included: 400 and close
///   (RFC 9110 section 5.5: "a recipient ... MUST either reject the message or replace each of
///   those characters with SP"). Rejecting keeps an `Authorization` value from being cut short.
struct MessageFraming {
  /// One header field as received.
  struct Field {
    var name: String
    var value: [UInt8]
  }

  /// Why a head is refused. The connection always closes after it: once the framing is in doubt,
  /// nothing after this head can be trusted to start a request.
  struct Rejection: Equatable, Sendable {
    var status: Int
    var message: String
  }

  /// The protocol version of the request line, such as `HTTP/1.1`.
  var version: String
  /// Every header field, in arrival order.
  var fields: [Field]
  /// False when libmicrohttpd stored a value shorter than its line, which happens when the value
  /// holds a NUL byte (or the field was folded over several lines).
  var valuesIntact: Bool

  /// The rejection for this head, or nil when it may be served.
  func rejection() -> Rejection? {
    guard valuesIntact else {
      return Rejection(
        status: 400, message: "A header field holds a NUL byte or is folded over several lines.")
    }
    var contentLengths: [[UInt8]] = []
    var transferCodings: [[UInt8]] = []
    var hosts = 0
    for field in fields {
      guard !field.name.isEmpty, field.name.utf8.allSatisfy(Self.isTokenCharacter) else {
        return Rejection(
          status: 400,
          message:
            "The header field name \(Self.printable(field.name)) is not a token (RFC 9110 section 5.1).")
      }
      if let bad = field.value.first(where: Self.isForbiddenControl) {
        return Rejection(
          status: 400,
          message:
            "The header field \(Self.printable(field.name)) holds control character 0x\(Self.hex(bad)).")
      }
      if field.name.utf8.equalsIgnoringASCIICase("content-length") {
        contentLengths.append(field.value)
      } else if field.name.utf8.equalsIgnoringASCIICase("transfer-encoding") {
        transferCodings.append(field.value)
      } else if field.name.utf8.equalsIgnoringASCIICase("host") {
        hosts += 1
      }
    }
    if !transferCodings.isEmpty {
      if !contentLengths.isEmpty {
        return Rejection(
          status: 400, message: "A request may not carry both Content-Length and Transfer-Encoding.")
      }
      if version != "HTTP/1.1" {
        return Rejection(
          status: 400, message: "Transfer-Encoding needs HTTP/1.1.")
      }
      guard transferCodings.count == 1, Self.isChunked(transferCodings[0]) else {
        return Rejection(
          status: 501, message: "The only transfer coding this server implements is chunked.")
      }
    }
    if let first = contentLengths.first {
      guard !first.isEmpty, first.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        contentLengths.allSatisfy({ $0 == first })
      else {
        return Rejection(
          status: 400, message: "The Content-Length header is not one decimal number.")
      }
    }
    if hosts > 1 || (hosts == 0 && version == "HTTP/1.1") {
      return Rejection(
        status: 400, message: "An HTTP/1.1 request has exactly one Host header.")
    }
    return nil
  }

  /// CTL characters (RFC 5234) except HTAB, which field values may hold.
  /// Whether `byte` may stand in a header field name: RFC 9110's `tchar` (letters, digits and
  /// ``!#$%&'*+-.^_`|~``); a space, a colon or any control character may not.
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    // A switch, not a lookup in an array of these: that array was made for every `-` of every
    // header name.
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
      UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
      UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func isForbiddenControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09) || byte == 0x7F
  }

  /// `chunked`, compared case-insensitively (RFC 9112 section 7: coding names are
  /// case-insensitive).
  private static func isChunked(_ value: [UInt8]) -> Bool {
    value.equalsIgnoringASCIICase("chunked")
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// A header name for a message: field names are tokens, but one that is not is not echoed.
  private static func printable(_ name: String) -> String {
    let isToken = !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    return isToken ? name : "(unnamed)"
  }
}
