/// The request-head rules of RFC 9112 that libmicrohttpd 0.9.75 does not enforce, each closing a
/// way to make this server and a proxy disagree on where a request ends (smuggling):
/// - `Content-Length` with `Transfer-Encoding`: 400 (section 6.1).
/// - A transfer coding other than exactly `chunked`: 501; in HTTP/1.0: 400 (section 6.1).
/// - `Content-Length` fields that differ or are not a decimal number: 400 (section 6.3).
/// - No `Host` in an HTTP/1.1 request, or several: 400 (section 3.2).
/// - A control character other than HTAB in a value: 400 (RFC 9110 section 5.5), so an
///   `Authorization` value cannot be cut short.
struct MessageFraming {
  /// One header field as received.
  struct Field {
    var name: String
    var value: [UInt8]
  }

  /// Why a head is refused; the connection closes after it.
  struct Rejection: Equatable, Sendable {
    var status: Int
    var message: String
  }

  /// The first field that breaks a rule of its own (its name, a control character).
  private var fieldRejection: Rejection?
  /// The first `Content-Length` value, and whether a later one differs from it.
  private var contentLength: [UInt8]?
  private var contentLengthsDiffer = false
  /// How many `Transfer-Encoding` fields, and whether the first says exactly `chunked`.
  private var transferCodings = 0
  private var firstCodingIsChunked = false
  private var hosts = 0

  /// An empty head; `add(name:value:)` gives it the fields as they are read.
  init() {}

  /// A head of `fields`, for tests.
  init(fields: [Field]) {
    for field in fields {
      Array(field.name.utf8).withUnsafeBufferPointer { name in
        field.value.withUnsafeBufferPointer { value in add(name: name, value: value) }
      }
    }
  }

  /// Checks one header field, in arrival order.
  mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
    guard fieldRejection == nil else { return }
    guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
      let printable = Self.printable(String(decoding: name, as: UTF8.self))
      fieldRejection = Rejection(
        status: 400, message: "The header field name \(printable) is not a token (RFC 9110 section 5.1).")
      return
    }
    if let bad = value.first(where: Self.isForbiddenControl) {
      let printable = Self.printable(String(decoding: name, as: UTF8.self))
      fieldRejection = Rejection(
        status: 400, message: "The header field \(printable) holds control character 0x\(Self.hex(bad)).")
      return
    }
    if name.equalsIgnoringASCIICase("content-length") {
      if let contentLength {
        if !contentLength.elementsEqual(value) { contentLengthsDiffer = true }
      } else {
        contentLength = Array(value)
      }
    } else if name.equalsIgnoringASCIICase("transfer-encoding") {
      if transferCodings == 0 { firstCodingIsChunked = value.equalsIgnoringASCIICase("chunked") }
      transferCodings += 1
    } else if name.equalsIgnoringASCIICase("host") {
      hosts += 1
    }
  }

  /// The rejection for this head (`version` such as `HTTP/1.1`), or nil when it may be served;
  /// `valuesIntact` is false when libmicrohttpd stored a value shorter than its line (a NUL, a fold).
  func rejection(version: String, valuesIntact: Bool) -> Rejection? {
    guard valuesIntact else {
      return Rejection(
        status: 400, message: "A header field holds a NUL byte or is folded over several lines.")
    }
    if let fieldRejection { return fieldRejection }
    if transferCodings > 0 {
      if contentLength != nil {
        return Rejection(
          status: 400, message: "A request may not carry both Content-Length and Transfer-Encoding.")
      }
      if version != "HTTP/1.1" {
        return Rejection(status: 400, message: "Transfer-Encoding needs HTTP/1.1.")
      }
      guard transferCodings == 1, firstCodingIsChunked else {
        return Rejection(
          status: 501, message: "The only transfer coding this server implements is chunked.")
      }
    }
    if let contentLength {
      guard !contentLength.isEmpty,
        contentLength.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        !contentLengthsDiffer
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

  /// Whether `byte` is RFC 9110's `tchar` (letters, digits and ``!#$%&'*+-.^_`|~``).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
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

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// A header name for a message; one that is not a token is not echoed.
  private static func printable(_ name: String) -> String {
    let isToken = !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    return isToken ? name : "(unnamed)"
  }
}
