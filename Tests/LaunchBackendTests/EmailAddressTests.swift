import LaunchBackend
import Testing

@Suite struct EmailAddressTests {
  @Test(arguments: [
    ("ada@example.com", "ada@example.com"),
    ("Ada.Lovelace@Example.COM", "Ada.Lovelace@example.com"),
    ("  ada@example.com\n", "ada@example.com"),
    ("a@b.c", "a@b.c"),
    ("first+tag@sub.example.co.uk", "first+tag@sub.example.co.uk"),
    ("josé@exämple.org", "josé@exämple.org"),
  ])
  func acceptsAndNormalizes(input: String, normalized: String) throws {
    let email = try EmailAddress(validating: input)
    #expect(email.normalized == normalized)
    #expect(email.description == normalized)
  }

  @Test(arguments: [
    ("", EmailAddress.Problem.empty),
    ("   ", .empty),
    ("ada.example.com", .notExactlyOneAtSign),
    ("ada@home@example.com", .notExactlyOneAtSign),
    ("@example.com", .emptyLocalPart),
    ("ada@", .invalidDomain),
    ("ada@localhost", .invalidDomain),
    ("ada@.com", .invalidDomain),
    ("ada@example.", .invalidDomain),
    ("ada@example..com", .invalidDomain),
    ("ada lovelace@example.com", .containsWhitespaceOrControlCharacter),
    ("ada@exa\tmple.com", .containsWhitespaceOrControlCharacter),
    ("ada\u{0}@example.com", .containsWhitespaceOrControlCharacter),
  ])
  func rejects(input: String, problem: EmailAddress.Problem) {
    #expect(throws: problem) { try EmailAddress(validating: input) }
  }

  @Test func lengthLimitIs254Characters() throws {
    let domain = "@example.com"
    let longest = String(repeating: "a", count: 254 - domain.count) + domain
    #expect(try EmailAddress(validating: longest).normalized.count == 254)
    #expect(throws: EmailAddress.Problem.tooLong) {
      try EmailAddress(validating: "a" + longest)
    }
  }

  @Test func caseDoesNotMatterOverTheWholeAddress() throws {
    #expect(try EmailAddress(validating: "Ada@EXAMPLE.com") == EmailAddress(validating: "Ada@example.COM"))
    #expect(try EmailAddress(validating: "ADA@Example.COM") == EmailAddress(validating: "ada@example.com"))
    #expect(try EmailAddress(validating: "ADA@Example.COM").normalized == "ADA@example.com")
    #expect(try EmailAddress(validating: "Ada@example.com") != EmailAddress(validating: "bob@example.com"))
  }

  @Test(arguments: [
    "ada\u{200B}@example.com", "\u{202E}moc.elpmaxe@ada", "ad\u{00AD}a@example.com",
    "ada@exa\u{2066}mple.com",
  ])
  func invisibleAndDirectionChangingCharactersAreRefused(text: String) {
    #expect(throws: EmailAddress.Problem.containsInvisibleCharacter) {
      try EmailAddress(validating: text)
    }
  }

  @Test func problemsReadAsSentences() {
    #expect(EmailAddress.Problem.notExactlyOneAtSign.description.contains("exactly one @"))
  }
}
