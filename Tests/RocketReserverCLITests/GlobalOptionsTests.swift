import Testing

@testable import RocketReserverCLI

@Suite struct GlobalOptionsTests {
  @Test func helpAndVersionAreRecognised() throws {
    #expect(try GlobalOptions.parse(["--help"]).showHelp)
    #expect(try GlobalOptions.parse(["-V"]).showVersion)
  }

  @Test func wordsAfterOptionsAreTheCommand() throws {
    #expect(try GlobalOptions.parse(["book", "42"]).command == ["book", "42"])
  }

  @Test func unknownOptionIsAUsageError() {
    #expect(throws: UsageError("unknown option '--frobnicate'")) {
      try GlobalOptions.parse(["--frobnicate"])
    }
  }
}
