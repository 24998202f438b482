import CommandLineKit
import RocketClient

extension GlobalOptions {
  /// The longest timeout accepted: a day.
  static let maximumTimeoutSeconds = 86_400

  /// `text` as a timeout: decimal seconds such as `30` or `0.5`, more than 0 and at most a day,
  /// kept to the millisecond. The error names `source` (`--timeout`, `ROCKET_RESERVER_TIMEOUT`).
  static func parseTimeout(_ text: String, source: String) throws(UsageError) -> Duration {
    let problem = UsageError(
      "\(source) \(TerminalText.quoted(text)) is not a timeout: use seconds, such as 30 or 0.5 (more than 0, at most "
        + "\(maximumTimeoutSeconds))")
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    guard !(whole.isEmpty && fraction.isEmpty), whole.allSatisfy(\.isASCIIDigit),
      fraction.allSatisfy(\.isASCIIDigit), whole.count <= 6
    else { throw problem }
    let milliseconds = Int(whole.isEmpty ? "0" : whole).map { $0 * 1000 } ?? 0
    // Milliseconds are what libcurl takes; finer digits round up so 0.0001 is not zero.
    let digits = Array(fraction.prefix(3)) + Array(repeating: "0", count: max(0, 3 - fraction.count))
    let extra = Int(String(digits)) ?? 0
    let roundUp = fraction.dropFirst(3).contains { $0 != "0" } ? 1 : 0
    let total = milliseconds + extra + roundUp
    guard total > 0, total <= maximumTimeoutSeconds * 1000 else { throw problem }
    return .milliseconds(total)
  }

  /// `text` as a header field `Name: value`: a name of RFC 9110 token characters, a colon, and a
  /// value without control characters. The error names the field, never its value (a token).
  static func parseHeader(_ text: String) throws(UsageError) -> HTTPHeaders.Field {
    guard let colon = text.firstIndex(of: ":") else {
      // Not echoed: the text may be a token typed without its name.
      throw UsageError("--header needs a header field 'Name: value' (the value given has no colon)")
    }
    let name = String(text[..<colon])
    let value = String(text[text.index(after: colon)...]).trimmingWhiteSpace()
    let tokenPunctuation = Set("!#$%&'*+-.^_`|~")
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || tokenPunctuation.contains($0)) })
    else {
      throw UsageError(
        "--header: \(String(reflecting: name)) is not a header name (use letters, digits and - _ . ! # $ % & ' * + ^ ` | ~)"
      )
    }
    guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
      throw UsageError("--header '\(name): ...': the value has a control character in it")
    }
    return HTTPHeaders.Field(name: name, value: value)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate func trimmingWhiteSpace() -> String {
    var text = self[...]
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
