import CommandLineKit
import Testing

@testable import RocketReserverCLI

/// argv is parsed once (`ProgramArguments`): the program options, then the command's words
/// against its declaration, which also gives the session the options that follow the command.
@Suite struct ProgramArgumentsTests {
  @Test func sessionOptionsAfterTheCommandReachTheProgramOptions() throws {
    let program = try ProgramArguments.parse(["--json", "launch", "1", "--endpoint", "http://h:1/graphql"])
    #expect(program.options.endpoint == "http://h:1/graphql")
    #expect(program.options.json)
    #expect(program.invocation?.name == "launch")
    guard case .success(.run(let arguments))? = program.invocation?.result else {
      Issue.record("launch 1 should parse")
      return
    }
    #expect(arguments[LaunchCommand.id] == "1")
  }

  @Test func aCommandWhoseWordsAreWrongGivesTheSessionNothing() throws {
    let program = try ProgramArguments.parse(["launch", "abc", "--endpoint", "http://h:1/graphql"])
    #expect(program.options.endpoint == nil)
    guard case .failure? = program.invocation?.result else {
      Issue.record("launch abc should fail to parse")
      return
    }
  }

  @Test func aCommandsOwnOptionBeforeTheCommandSaysWhereItBelongs() {
    #expect(throws: UsageError("--search belongs after the command: launches --search TEXT")) {
      try ProgramArguments.parse(["--search", "x", "launches"])
    }
  }

  @Test func noCommandMeansNoInvocation() throws {
    #expect(try ProgramArguments.parse(["--version"]).invocation == nil)
    #expect(try ProgramArguments.parse([CompletionQuery.word, "la"]).completionWords == ["la"])
  }

  @Test func theFormatOfAFailureComesFromTheWordsEvenAfterTheBadOne() {
    let registry = CommandCatalog.registry
    for words in [["launch", "--bogus", "--json"], ["launch", "--help", "--json"], ["frob", "--json"]] {
      let invocation = CommandInvocation(words, registry: registry, allowsSession: false)
      var options = GlobalOptions()
      options.apply(invocation.sharedOptions)
      #expect(options.json, "\(words)")
    }
  }

  @Test func jsonAndFormatGivenLastWins() throws {
    #expect(try GlobalOptions.parse(["--json", "--format", "csv"]).format == .csv)
    #expect(try GlobalOptions.parse(["--format", "csv", "--json"]).format == .json)
    #expect(try GlobalOptions.parse(["--no-apq", "--apq"]).persistedQueries == true)
    #expect(try GlobalOptions.parse(["--apq", "--no-apq"]).persistedQueries == false)
  }
}
