import Foundation
import TestSupport
import Testing

/// Logins as a demanding user types them.
@Suite struct LoginTests {
  @Test func theWholeAddressIgnoresCaseAndTheFirstSpellingStays() throws {
    let fixture = try ShellFixture()
    let first = try fixture.run(["login", "ADA@Example.COM"])
    #expect(first.status == 0)
    #expect(first.standardOutput.hasPrefix("logged in as ADA@example.com\n"))
    #expect(try fixture.run(["book", "5"]).status == 0)
    let again = try fixture.run(["login", "ada@example.com"])
    #expect(again.standardOutput.hasPrefix("logged in as ADA@example.com\n"))
    let whoami = try fixture.run(["whoami"])
    #expect(whoami.standardOutput == "ADA@example.com (user 1, 1 trip booked) on the embedded backend\n")
  }

  @Test func switchingAccountsSaysFromWhomToWhom() throws {
    let fixture = try ShellFixture()
    _ = try fixture.run(["login", "ada@example.com"])
    let switched = try fixture.run(["login", "bob@example.com"])
    #expect(switched.standardOutput.hasPrefix("switched from ada@example.com to bob@example.com\n"))
  }

  @Test func invisibleCharactersAreRefusedAndLongAddressesNotEchoedInFull() throws {
    let fixture = try ShellFixture()
    let invisible = try fixture.run(["login", "ada\u{200B}@example.com"])
    #expect(invisible.status == 2)
    #expect(
      invisible.standardError
        == "rocket-reserver: login: invalid email 'ada\\u{200b}@example.com': an email address cannot contain invisible or direction-changing characters\n"
    )
    let reversed = try fixture.run(["login", "\u{202E}moc.elpmaxe@ada"])
    #expect(reversed.status == 2)
    let long = String(repeating: "a", count: 300) + "@example.com"
    let tooLong = try fixture.run(["login", long])
    #expect(tooLong.status == 2)
    #expect(!tooLong.standardError.contains(String(repeating: "a", count: 41)))
    #expect(tooLong.standardError.contains("… (312 characters)"))
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialsFile.path))
  }
}
