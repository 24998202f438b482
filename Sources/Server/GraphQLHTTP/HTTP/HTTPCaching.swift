import GraphQL
import GraphQLWire
import HTTPServer

/// An `ETag` on each executed answer to a GET, and `304 Not Modified` when `If-None-Match`
/// names it, so a client or cache revalidates without receiving the answer again.
enum HTTPCaching {
  /// `response` (a 200 with a body) with its `ETag`, or the 304 that replaces it when
  /// `ifNoneMatch` matches. The same answer has the same tag in every instance of `serve`.
  static func answer(_ response: BufferedResponse, ifNoneMatch: String?) -> BufferedResponse {
    guard response.status == 200, !response.body.isEmpty else { return response }
    let tag = contentTag(response.body)
    var tagged = response
    tagged.headers.append(HTTPHeaderField("ETag", text: tag))
    guard let ifNoneMatch, matches(ifNoneMatch, tag) else { return tagged }
    // A 304 carries the validators and caching fields the 200 would have.
    var notModified = BufferedResponse(status: 304, contentType: nil, body: [], logLabel: response.logLabel)
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

  /// `"` + 32 hex digits + `"`: two 64-bit lanes over the body's words, finished with
  /// MurmurHash3's mixer. Not SHA-256, a fifth of a GET's time: a tag need not resist forgery (a
  /// client can only make its own cache stale).
  static func contentTag(_ body: [UInt8]) -> String {
    var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(body.count)
    var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    body.withUnsafeBytes { bytes in
      var offset = 0
      while offset + 8 <= bytes.count {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        a = ((a ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 31)
        b = ((b &+ word) &* 0xC4CE_B9FE_1A85_EC53).rotatedLeft(by: 27)
        offset += 8
      }
      var tail: UInt64 = 0
      for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
      a = (a ^ tail) &* 0xFF51_AFD7_ED55_8CCD
      b = (b &+ tail) &* 0xC4CE_B9FE_1A85_EC53
    }
    return "\"" + hex(mix(a ^ b.rotatedLeft(by: 17))) + hex(mix(b ^ a)) + "\""
  }

  /// MurmurHash3's 64-bit finalizer: every input bit reaches every output bit.
  private static func mix(_ value: UInt64) -> UInt64 {
    var x = value
    x ^= x >> 33
    x = x &* 0xFF51_AFD7_ED55_8CCD
    x ^= x >> 33
    x = x &* 0xC4CE_B9FE_1A85_EC53
    x ^= x >> 33
    return x
  }

  /// 16 lowercase hex digits.
  private static func hex(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}

extension UInt64 {
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
