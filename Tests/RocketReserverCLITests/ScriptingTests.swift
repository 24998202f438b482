import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One-shot commands and scripts as psql and gh users write them.
@Suite struct ScriptingTests {
  /// Parses the whole of `text` as one JSON document.
  private func document(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not one JSON object: \(text)")
  }

  @Test func allWalksEveryPageOnceAndIdsFeedXargs() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["launches", "--all", "--page-size", "7", "--format", "ids"])
    #expect(result.status == 0)
    let ids = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(ids.count == 110)
    #expect(Set(ids).count == 110)
    #expect(ids.first == "110" && ids.last == "1")
    #expect(result.standardError.isEmpty)
  }

  @Test func afterContinuesFromAPagesCursor() throws {
    let fixture = try ShellFixture()
    let first = try document(try fixture.run(["--json", "launches", "--page-size", "3"]).standardOutput)
    let cursor = try #require((first["launches"] as? [String: Any])?["cursor"] as? String)
    let next = try fixture.run(["launches", "--page-size", "3", "--after", cursor, "--format", "ids"])
    #expect(next.status == 0)
    #expect(next.standardOutput == "107\n106\n105\n")
    // One-shot output is the page alone: the 'more' hint is for the shell.
    #expect(!next.standardOutput.contains("more"))
    #expect(!next.standardError.contains("type 'more'"))
  }

  @Test func searchLooksAtEveryPageIgnoringCase() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["launches", "--search", "STARLINK", "--format", "tsv"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.first == "ID\tMISSION\tROCKET\tSITE\tBOOKED")
    #expect(lines.count > 10)
    #expect(lines.dropFirst().allSatisfy { $0.lowercased().contains("starlink") })
    let none = try fixture.run(["launches", "--search", "no such mission"])
    #expect(none.status == 0 && none.standardOutput.isEmpty)
    #expect(none.standardError == "no launch matches 'no such mission'\n")
  }

  @Test(arguments: ["turkmenalem", "TÜRKMENÄLEM", "Tu\u{308}rkmena\u{308}lem"])
  func searchIgnoresAccents(_ text: String) throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["launches", "--search", text, "--format", "tsv"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").dropFirst()
    #expect(lines.count == 1)
    #expect(lines.first?.contains("TürkmenÄlem 52°E") == true)
  }

  @Test func csvHasAHeaderAndQuotesWhatNeedsIt() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["launch", "1", "--format", "csv"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "LAUNCH,MISSION,SITE,ROCKET,PATCH,BOOKED\r\n1,FalconSat,Kwajalein Atoll,Falcon 1 Merlin A,https://images2.imgbox.com/40/e3/GypSkayF_o.png,no\r\n"
    )
  }

  @Test func jsonIsExactlyOneDocumentPerCommandFailuresIncluded() throws {
    let fixture = try ShellFixture()
    let missing = try fixture.run(["--json", "launch", "999"])
    #expect(missing.status == 1)
    let error = try #require(try document(missing.standardOutput)["error"] as? [String: Any])
    #expect(error["message"] as? String == "no launch with id 999")
    #expect(error["status"] as? Int == 1)
    let notLoggedIn = try fixture.run(["book", "1", "--json"])
    #expect(notLoggedIn.status == 77)
    #expect((try document(notLoggedIn.standardOutput)["error"] as? [String: Any])?["status"] as? Int == 77)
    let usage = try fixture.run(["launch", "abc", "--json"])
    #expect(usage.status == 2)
    #expect((try document(usage.standardOutput)["error"] as? [String: Any])?["status"] as? Int == 2)
    let help = try document(try fixture.run(["help", "--json"]).standardOutput)
    #expect((help["commands"] as? [Any])?.count == 28)
    let launchHelp = try document(try fixture.run(["launch", "--help", "--json"]).standardOutput)
    #expect(launchHelp["usage"] as? String == "launch ID")
    let logout = try fixture.run(["--json", "logout"])
    #expect(logout.status == 0)
    #expect((try document(logout.standardOutput)["logout"] as? [String: Any])?["loggedOut"] as? Bool == false)
    // A script: one document per command, each on its own lines, nothing else on stdout.
    let script = try fixture.run(["--json", "-c", "launches --page-size 100; more; more; whoami"])
    let documents = script.standardOutput.components(separatedBy: "\n}\n").filter { !$0.isEmpty }
    #expect(documents.count == 4, "\(script.standardOutput)")
    for text in documents { _ = try document(text + "\n}") }
    #expect(script.standardError.contains("no more launches") == false)
  }

  @Test func commandOptionAndFileRunLikeAPipe() throws {
    let fixture = try ShellFixture()
    let inline = try fixture.run(["-c", "total; launch 1 --format ids\ntotal"])
    #expect(inline.status == 0)
    #expect(inline.standardOutput == "0 trips booked in all\n1\n0 trips booked in all\n")
    let script = fixture.root.appendingPathComponent("script.txt")
    try Data("launch x\ntotal # still runs\n".utf8).write(to: script)
    let file = try fixture.run(["-f", script.path])
    #expect(file.status == 2)
    #expect(file.standardOutput == "0 trips booked in all\n")
    #expect(
      file.standardError == "rocket-reserver: line 1: launch: 'x' is not a launch id (a number such as 42)\n")
    let stopped = try fixture.run(["--stop-on-error", "-f", script.path])
    #expect(stopped.status == 2)
    #expect(stopped.standardOutput.isEmpty)
    let piped = try fixture.run(["--stop-on-error"], input: "total; launch 999; total\ntotal\n")
    #expect(piped.status == 1)
    #expect(piped.standardOutput == "0 trips booked in all\n")
    let unreadable = try fixture.run(["-f", fixture.root.appendingPathComponent("nope").path])
    #expect(unreadable.status == 66)
    #expect(unreadable.standardError.hasSuffix("nope: no such file\n"))
  }

  @Test func aFullDiskExits74WithAMessage() throws {
    let fixture = try ShellFixture()
    let errors = Pipe()
    let process = try fixture.start(
      ["launches", "--all"], output: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")),
      errors: errors)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(message == "rocket-reserver: cannot write to standard output: No space left on device\n")
  }

  @Test func aReaderThatGoesAwayEndsItQuietly() throws {
    let fixture = try ShellFixture()
    let output = Pipe()
    let errors = Pipe()
    // Many commands: output keeps coming after the reader has gone.
    let process = try fixture.start(
      ["-c", Array(repeating: "launches --all", count: 30).joined(separator: ";")], output: output,
      errors: errors)
    // Read one line, as `head -1` does, then close the pipe.
    var first = Data()
    while !first.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first += chunk
    }
    try output.fileHandleForReading.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(String(decoding: first, as: UTF8.self).hasPrefix("ID "))
    #expect(message.isEmpty)
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
  }

  @Test func bookAndCancelSayWhatBecameOfEachIdAlikeForOneOrMany() throws {
    let fixture = try ShellFixture()
    let input = "login ada@example.com\nbook 5 6\nbook 5\ncancel 5 7 999\nbook 998 6\ncancel 7\n"
    let result = try fixture.run([], input: input)
    #expect(result.status == 1)
    #expect(
      result.standardOutput.split(separator: "\n").dropFirst(2).map(String.init) == [
        "launch 5: booked", "launch 6: booked",
        // Already in the state asked for: a success, for one id as for many.
        "launch 5: already booked",
        "launch 5: cancelled", "launch 7: not booked",
        "launch 6: already booked",
        "launch 7: not booked",
      ])
    #expect(
      result.standardError.split(separator: "\n").map(String.init) == [
        "rocket-reserver: line 4: cancel 999: no launch with id 999",
        "rocket-reserver: line 5: book 998: no launch with id 998",
      ])
    for ok in ["book 5", "cancel 7", "book 5 6"] {
      #expect(try fixture.run(ok.split(separator: " ").map(String.init)).status == 0, "\(ok)")
    }
  }

  @Test func aDocumentOverSeveralPipedLinesIsOneEntry() throws {
    let fixture = try ShellFixture()
    let input = """
      total
      query Launch {
        launch(id: "1") {
          mission { name }
        }
      }
      { launch(id: "2") { site } }
      total

      """
    let result = try fixture.run(["--no-color"], input: input)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.contains("\"name\": \"FalconSat\""))
    #expect(result.standardOutput.contains("\"site\": \"Kwajalein Atoll\""))
    #expect(result.standardOutput.hasPrefix("0 trips booked in all\n{"))
    #expect(result.standardOutput.hasSuffix("}\n0 trips booked in all\n"))
  }

  @Test func aValidationErrorPointsAtTheScriptsLineAndColumn() throws {
    let fixture = try ShellFixture()
    let input = "total\n{\n  launch(id: \"1\") {\n    nme\n  }\n}\ntotal\n"
    let result = try fixture.run([], input: input)
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "rocket-reserver: line 4:5: error: Cannot query field \"nme\" on type \"Launch\".\n    nme\n    ^\n"
    )
    // Nothing was sent for it, and the script went on.
    #expect(result.standardOutput == "0 trips booked in all\n0 trips booked in all\n")
    let stopped = try fixture.run(["--stop-on-error"], input: input)
    #expect(stopped.status == 2)
    #expect(stopped.standardOutput == "0 trips booked in all\n")
  }

  @Test func aScriptEndingInsideADocumentSaysWhereAndFails() throws {
    let fixture = try ShellFixture()
    let input = "total\n{\n  launch(id: \"1\") {\n    site\n"
    let result = try fixture.run([], input: input)
    #expect(result.status == 2)
    #expect(result.standardOutput == "0 trips booked in all\n")
    #expect(
      result.standardError
        == "rocket-reserver: line 3:19: error: the input ends before this '{' is closed\n"
        + "  launch(id: \"1\") {\n                  ^\n")
    let file = fixture.root.appendingPathComponent("open.rr")
    try Data("query Q\n".utf8).write(to: file)
    let fromFile = try fixture.run(["-f", file.path])
    #expect(fromFile.status == 2)
    #expect(fromFile.standardError.hasPrefix("rocket-reserver: line 1:8: error: the input ends before"))
  }
}
