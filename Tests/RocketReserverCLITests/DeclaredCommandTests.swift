import Foundation
import TestSupport
import Testing

/// Parsing, usage, help and errors all come from each command's declaration; run through the
/// real binary.
@Suite struct DeclaredCommandTests {
  @Test func commandHelpFlagShowsWhatHelpCommandShows() throws {
    let fixture = try ShellFixture()
    let viaHelp = try fixture.run(["help", "launches"])
    let viaFlag = try fixture.run(["launches", "--help"])
    let viaShort = try fixture.run(["launches", "-h"])
    #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShort.status == 0)
    #expect(viaHelp.standardOutput == viaFlag.standardOutput)
    #expect(viaHelp.standardOutput == viaShort.standardOutput)
    #expect(
      viaFlag.standardOutput.hasPrefix(
        "usage: launches [--page-size N] [--after CURSOR] [--all] [--search TEXT]\n"))
    #expect(
      viaFlag.standardOutput.contains(
        "  --page-size N   launches per page, 1 to 100 (default 20, the server's)\n"))
    // --help never runs the command: no database is made.
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))
    let book = try fixture.run(["book", "--help"])
    #expect(book.standardOutput.contains("Needs a login"))
  }

  @Test func badArgumentsAreOneLineWithStatus2() throws {
    let fixture = try ShellFixture()
    let cases: [([String], String)] = [
      (
        ["launches", "--pgae-size", "3"],
        "launches: unknown option '--pgae-size' (did you mean '--page-size'?)"
      ),
      (["launches", "--page-size"], "launches: --page-size needs a value (a number from 1 to 100)"),
      (["launches", "--page-size=abc"], "launches: --page-size takes a number from 1 to 100, not 'abc'"),
      (["launches", "--all=yes"], "launches: --all takes no value"),
      (["launch"], "launch: missing ID (the launch's id) (usage: launch ID)"),
      (["launch", "1", "2"], "launch: unexpected '2' (usage: launch ID)"),
      (["cancel", "1", "x"], "cancel: 'x' is not a launch id (a number such as 42)"),
      (["total", "--format", "xml"], "total: 'xml' is not a format: use one of table, json, tsv, csv, ids"),
      (["serve", "--port", "70000"], "serve: --port takes a number from 0 to 65535, not '70000'"),
    ]
    for (arguments, message) in cases {
      let result = try fixture.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(
        result.standardError.hasPrefix("rocket-reserver: \(message)"), "\(arguments): \(result.standardError)"
      )
      #expect(result.standardError.split(separator: "\n").count == 1)
      #expect(result.standardOutput.isEmpty)
    }
  }

  @Test func globalOptionsMayFollowTheCommand() throws {
    let fixture = try ShellFixture()
    let directory = fixture.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let total = try fixture.run(["total", "--data-dir", directory.path, "--no-color"])
    #expect(total.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("backend.sqlite").path))
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))
    let refused = try fixture.run(["launch", "1", "--endpoint", "http://127.0.0.1:9/graphql"])
    #expect(refused.status == 69)
    #expect(refused.standardError.contains("cannot reach http://127.0.0.1:9/graphql"))
    // On a shell line the session is already chosen: --endpoint there is an error, not ignored.
    let piped = try fixture.run([], input: "launch 1 --endpoint http://127.0.0.1:9/graphql\n")
    #expect(piped.status == 2)
    #expect(piped.standardError.contains("--endpoint chooses the server for a whole run"))
  }

  @Test func helpAndUnknownCommandsPointToHelp() throws {
    let fixture = try ShellFixture()
    let question = try fixture.run([], input: "?\n? book\n")
    #expect(question.status == 0)
    #expect(question.standardOutput.contains("Commands:"))
    #expect(question.standardOutput.contains("usage: book ID [ID ...]"))
    let unknown = try fixture.run(["frobnicate"])
    #expect(unknown.status == 2)
    #expect(
      unknown.standardError == "rocket-reserver: unknown command 'frobnicate' (type 'help' for the list)\n")
  }

  @Test func endpointProblemsAreUsageErrorsOrSuggestions() throws {
    let fixture = try ShellFixture()
    let port = try fixture.run(["--endpoint", "http://127.0.0.1:99999/graphql", "total"])
    #expect(port.status == 2)
    #expect(
      port.standardError.hasPrefix(
        "rocket-reserver: invalid endpoint 'http://127.0.0.1:99999/graphql' (--endpoint): the port 99999 is not in 1 to 65535\n"
      ))
    let stub = try LoopbackHTTPStub(response: .html("<h1>Not Found</h1>", status: 404))
    let root = stub.url(path: "/").absoluteString
    let bare = try fixture.run(["--endpoint", root, "total"])
    #expect(bare.status != 0)
    #expect(
      bare.standardError.contains("try --endpoint http://127.0.0.1:\(stub.port)/graphql"),
      "\(bare.standardError)")
  }

  @Test func serveRefusesEndpointAndNamesBadDataDirectories() throws {
    let fixture = try ShellFixture()
    let endpoint = try fixture.run(["serve", "--endpoint", "http://127.0.0.1:9/graphql", "--port", "0"])
    #expect(endpoint.status == 2)
    #expect(endpoint.standardError.contains("serve: --endpoint does not apply"))
    let file = fixture.root.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: file)
    let notDirectory = try fixture.run(["serve", "--data-dir", file.path, "--port", "0"])
    #expect(notDirectory.status == 2)
    #expect(
      notDirectory.standardError
        == "rocket-reserver: serve: the data directory \(file.path) is a file, not a directory\n")
    let under = try fixture.run(["serve", "--data-dir", file.path + "/sub", "--port", "0"])
    #expect(
      under.standardError
        == "rocket-reserver: serve: cannot create the data directory \(file.path)/sub: \(file.path) is a file, not a directory\n"
    )
  }
}
