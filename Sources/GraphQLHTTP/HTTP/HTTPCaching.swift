import GraphQL
import HTTPServer

/// Validators for the answers to GET requests: an `ETag` on each executed answer, and `304 Not
/// Modified` (no body) when the request's `If-None-Match` names it, so a client or cache that
/// holds the answer revalidates it without receiving it again.
enum HTTPCaching {
  /// `response` with its `ETag`, or the 304 that replaces it when `ifNoneMatch` matches.
  ///
  /// Only a 200 with a body gets a tag. The tag is the first 128 bits of the body's SHA-256: the
  /// same answer, whichever instance of `serve` gives it, has the same tag.
  static func answer(_ response: HTTPResponse, ifNoneMatch: String?) -> HTTPResponse {
    guard response.status == 200, !response.body.isEmpty else { return response }
    let tag = "\"" + SHA256.digest(response.body).prefix(16).map(hex).joined() + "\""
    var tagged = response
    tagged.headers.append(HTTPHeaderField("ETag", text: tag))
    guard let ifNoneMatch, matches(ifNoneMatch, tag) else { return tagged }
    // A 304 carries the validators and caching fields the 200 would have.
    var notModified = HTTPResponse(status: 304, contentType: nil, body: [], logLabel: response.logLabel)
    notModified.headers = tagged.headers
    return notModified
  }

  /// Whether an `If-None-Match` value names `tag`: `*`, or a list of tags compared weakly (a
  /// `W/` prefix is ignored, as RFC 9110 says for this field).
  static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
    for candidate in ifNoneMatch.split(separator: ",") {
      var text = candidate.drop(while: { $0 == " " || $0 == "\t" })
      while text.last == " " || text.last == "\t" { text.removeLast() }
      if text == "*" { return true }
      if text.hasPrefix("W/") { text = text.dropFirst(2) }
      if text == tag { return true }
    }
    return false
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
