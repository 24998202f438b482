/// An email address that passed the API's rule, in normalized form.
///
/// Part of the API's contract, so both sides use it: the backend before it looks the account up
/// (the store keys accounts by it), the program before it sends `login` (it sees the backend; the
/// client library and the generated code do not need the rule).
///
/// The rule (the `login` field in `Operations/schema.graphqls`): exactly one `@`, a non-empty local part, a domain with a dot,
/// at most 254 characters. On top of that, the domain may not start or end with a dot or hold
/// an empty label (`a@b..c`), and no whitespace or control character may appear inside.
///
/// Whitespace around the address is **trimmed**, not rejected: it is what copying an address
/// from a mail or a web page adds, and it can never be part of an address. The 254-character
/// limit applies after trimming and counts user-perceived characters.
///
/// Characters that are invisible or change the text's direction (zero-width spaces and joiners,
/// bidirectional marks and overrides, soft hyphens: Unicode's format characters) are refused:
/// they make two addresses look alike.
///
/// Normalization lowercases the domain; the local part keeps the spelling typed. Two addresses
/// are one account when they are equal ignoring case over the whole address (``key``), which
/// is what every mail provider in practice does: `ADA@Example.COM` and `ada@example.com` are
/// the same user, shown with the spelling of their first login.
public struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
  /// Why a string is not an acceptable email address; `description` is safe to show the user.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but whitespace.
    case empty
    /// Longer than 254 characters.
    case tooLong
    /// Whitespace or a control character inside the address.
    case containsWhitespaceOrControlCharacter
    /// An invisible or direction-changing character (a Unicode format character).
    case containsInvisibleCharacter
    /// No `@`, or more than one.
    case notExactlyOneAtSign
    /// Nothing before the `@`.
    case emptyLocalPart
    /// The domain has no dot, or an empty label (leading, trailing or double dot).
    case invalidDomain

    /// A sentence for the person who typed the address.
    public var description: String {
      switch self {
      case .empty: "an email address is required"
      case .tooLong: "an email address has at most \(EmailAddress.maximumLength) characters"
      case .containsWhitespaceOrControlCharacter:
        "an email address cannot contain spaces or control characters"
      case .containsInvisibleCharacter:
        "an email address cannot contain invisible or direction-changing characters"
      case .notExactlyOneAtSign: "an email address must contain exactly one @"
      case .emptyLocalPart: "an email address needs a name before the @"
      case .invalidDomain: "an email address needs a domain with a dot after the @, like example.com"
      }
    }
  }

  /// The longest address accepted, in characters.
  public static let maximumLength = 254

  /// The part before the `@`, exactly as given.
  public let localPart: String
  /// The part after the `@`, lowercased.
  public let domain: String

  /// The normalized address: `localPart@domain`.
  public var normalized: String { "\(localPart)@\(domain)" }

  /// The address as accounts are told apart: the whole address lowercased.
  public var key: String { normalized.lowercased() }

  /// The normalized address.
  public var description: String { normalized }

  /// Equal when the keys are: the same account.
  public static func == (lhs: EmailAddress, rhs: EmailAddress) -> Bool { lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// Validates and normalizes `text`.
  ///
  /// - Parameter text: what the user typed; surrounding whitespace is ignored.
  /// - Throws: the ``Problem`` naming the first rule broken.
  public init(validating text: String) throws(Problem) {
    let trimmed = Self.trimmingWhitespace(text)
    guard !trimmed.isEmpty else { throw Problem.empty }
    guard trimmed.count <= Self.maximumLength else { throw Problem.tooLong }
    let forbidden = trimmed.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
    }
    guard !forbidden else { throw Problem.containsWhitespaceOrControlCharacter }
    guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .format }) else {
      throw Problem.containsInvisibleCharacter
    }
    let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw Problem.notExactlyOneAtSign }
    guard !parts[0].isEmpty else { throw Problem.emptyLocalPart }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else {
      throw Problem.invalidDomain
    }
    localPart = String(parts[0])
    domain = parts[1].lowercased()
  }

  private static func trimmingWhitespace(_ text: String) -> Substring {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return text[first...last]
  }
}
