/// What a request's `Accept-Encoding` allows (RFC 9110 section 12.5.3), as far as this server
/// cares: whether it may answer in gzip.
package enum AcceptEncoding {
  /// Whether `value` allows gzip: `gzip` (or its alias `x-gzip`) listed with a weight above
  /// zero, or `*` above zero and gzip not refused by name. No header, an empty one, or one that
  /// is not UTF-8 allows nothing but identity.
  package static func allowsGzip(_ value: String?) -> Bool {
    guard let value else { return false }
    var gzip: Bool?
    var wildcard: Bool?
    for member in value.utf8.split(separator: UInt8(ascii: ",")) {
      let parts = member.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      guard let first = parts.first else { continue }
      let coding = ArraySlice(first).trimmingASCIISpaces
      let allowed = parts.dropFirst().allSatisfy { parameter in
        Self.weightAllows(ArraySlice(parameter).trimmingASCIISpaces)
      }
      if coding.equalsIgnoringASCIICase("gzip") || coding.equalsIgnoringASCIICase("x-gzip") {
        gzip = (gzip ?? false) || allowed
      } else if coding.elementsEqual("*".utf8) {
        wildcard = allowed
      }
    }
    return gzip ?? wildcard ?? false
  }

  /// False only for a `q` parameter whose weight is zero (`q=0`, `q=0.0`, `q=0.000`); any other
  /// parameter, or a malformed weight, leaves the coding allowed.
  private static func weightAllows(_ parameter: ArraySlice<UInt8>) -> Bool {
    guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
      parameter[..<equals].trimmingASCIISpaces.equalsIgnoringASCIICase("q")
    else { return true }
    let weight = parameter[parameter.index(after: equals)...].trimmingASCIISpaces
    guard weight.first == UInt8(ascii: "0") else { return true }
    return !weight.dropFirst().allSatisfy { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "0") }
  }
}
