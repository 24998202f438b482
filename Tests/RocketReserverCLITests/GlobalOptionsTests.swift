import CommandLineKit
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

@Suite struct GlobalOptionValueTests {
  @Test func valuesComeAsTheNextWordOrAfterEquals() throws {
    let options = try GlobalOptions.parse([
      "--endpoint", "http://h:1/graphql", "--data-dir=/tmp/d", "--json", "--no-color", "launch", "--json",
    ])
    #expect(options.endpoint == "http://h:1/graphql")
    #expect(options.dataDirectory == "/tmp/d")
    #expect(options.json)
    #expect(options.noColor)
    // Options stop at the command: later words belong to it.
    #expect(options.command == ["launch", "--json"])
  }

  @Test func aMissingValueIsAUsageError() {
    #expect(throws: UsageError("option '--endpoint' needs a value")) {
      try GlobalOptions.parse(["--endpoint"])
    }
  }
}
