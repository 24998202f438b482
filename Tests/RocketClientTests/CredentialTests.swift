import Foundation
import RocketClient
import Testing

@Suite struct CredentialTests {
  private let credential = Credential(endpoint: "embedded", email: "ada@example.com", token: "tok-9f8e7d")

  @Test func descriptionsRedactTheToken() {
    let renderings = [
      credential.description, credential.debugDescription, "\(credential)",
      String(describing: credential), String(reflecting: credential), "\([credential])",
      "\(Optional(credential) as Any)",
    ]
    for text in renderings {
      #expect(!text.contains("tok-9f8e7d"), "\(text)")
      #expect(text.contains("<redacted>"))
    }
    #expect(
      credential.description
        == #"Credential(endpoint: "embedded", email: "ada@example.com", token: <redacted>)"#)
  }

  @Test func dumpAndMirrorRedactTheToken() {
    var dumped = ""
    dump(credential, to: &dumped)
    #expect(!dumped.contains("tok-9f8e7d"))
    #expect(dumped.contains("ada@example.com"))
    let values = Mirror(reflecting: credential).children.map { "\($0.value)" }
    #expect(!values.contains("tok-9f8e7d"))
  }

  @Test func tokenPropertyStillGivesTheSecret() {
    #expect(credential.token == "tok-9f8e7d")
  }
}
