/// Whether a request's `Accept-Encoding` (RFC 9110 section 12.5.3) allows gzip.
package enum AcceptEncoding {
  /// Whether `value` lists `gzip` (or `x-gzip`) with a weight above zero, or `*` above zero and
  /// gzip not refused by name.
  package static func allowsGzip(_ value: String?) -> Bool {
    guard let value else { return false }
    // Scanned in place: it runs for every request.
    if let allows = value.utf8.withContiguousStorageIfAvailable(allowsGzip) { return allows }
    return Array(value.utf8).withUnsafeBufferPointer(allowsGzip)
  }

  private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  private static func allowsGzip(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    var gzip: Bool?
    var wildcard: Bool?
    var memberStart = value.startIndex
    while memberStart < value.endIndex {
      let memberEnd = value[memberStart...].firstIndex(of: UInt8(ascii: ",")) ?? value.endIndex
      let member = value[memberStart..<memberEnd]
      memberStart = memberEnd + 1
      let codingEnd = member.firstIndex(of: UInt8(ascii: ";")) ?? member.endIndex
      let coding = member[..<codingEnd].trimmingASCIISpaces
      var allowed = true
      var parameterStart = codingEnd
      while parameterStart < member.endIndex {
        let parameterEnd =
          member[(parameterStart + 1)...].firstIndex(of: UInt8(ascii: ";")) ?? member.endIndex
        if !weightAllows(member[(parameterStart + 1)..<parameterEnd].trimmingASCIISpaces) { allowed = false }
        parameterStart = parameterEnd
      }
      if coding.equalsIgnoringASCIICase("gzip") || coding.equalsIgnoringASCIICase("x-gzip") {
        gzip = (gzip ?? false) || allowed
      } else if coding.elementsEqual("*".utf8) {
        wildcard = allowed
      }
    }
    return gzip ?? wildcard ?? false
  }

  /// False only for a zero weight (`q=0`, `q=0.000`); any other parameter leaves it allowed.
  private static func weightAllows(_ parameter: Bytes) -> Bool {
    guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
      parameter[..<equals].trimmingASCIISpaces.equalsIgnoringASCIICase("q")
    else { return true }
    let weight = parameter[(equals + 1)...].trimmingASCIISpaces
    guard weight.first == UInt8(ascii: "0") else { return true }
    return !weight.dropFirst().allSatisfy { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "0") }
  }
}
