/// Whether a request comes from a browser opening the page rather than from a GraphQL client.
enum ExplorerNegotiation {
  /// True when `accept` lists `text/html` above zero, as browsers do and GraphQL clients never
  /// (`*/*` alone does not count).
  static func wantsHTML(accept: String?) -> Bool {
    guard let accept else { return false }
    for member in accept.utf8.split(separator: UInt8(ascii: ",")) {
      let parts = member.split(separator: UInt8(ascii: ";"))
      guard let type = parts.first, ArraySlice(type).trimmingASCIISpaces.equalsIgnoringASCIICase("text/html")
      else { continue }
      let refused = parts.dropFirst().contains { parameter in
        let pair = ArraySlice(parameter).trimmingASCIISpaces.split(separator: UInt8(ascii: "="), maxSplits: 1)
        guard pair.count == 2, ArraySlice(pair[0]).trimmingASCIISpaces.equalsIgnoringASCIICase("q") else {
          return false
        }
        return (Double(String(decoding: pair[1], as: UTF8.self)) ?? 1) <= 0
      }
      return !refused
    }
    return false
  }
}
