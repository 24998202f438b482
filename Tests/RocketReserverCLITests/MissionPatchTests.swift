import Foundation
import TestSupport
import Testing

/// `launch 5` in a pty draws the mission patch its server names, served from loopback: kitty's
/// graphics protocol, sixel or coloured blocks as the terminal answers the queries; nothing on a
/// pipe; and a huge image or a non-image costs a warning while the rest of the launch is shown.
@Suite struct MissionPatchTests {
  static let deviceAttributesQuery = "\u{1B}[c"
  static let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\"

  /// Runs `launch 5` against `stub` in a pty, answering the terminal queries with `answer`
  /// (nil: no answer, as a terminal that knows none), and returns the whole transcript.
  func launchTranscript(
    _ stub: LoopbackHTTPStub, term: String = "xterm", answer: String?, extra: [String] = [],
    environment: [String: String] = [:]
  ) throws -> (transcript: String, status: Int32) {
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver,
      arguments: ["--no-apq", "--endpoint", stub.url().absoluteString] + extra + ["launch", "5"],
      environment: fixture.environment(
        ["TERM": term, "NO_IMAGES": "", "NO_COLOR": ""].merging(environment) { $1 }))
    if let answer {
      try terminal.expect(Self.deviceAttributesQuery, timeout: ShellFixture.patience)
      terminal.send(answer)
    }
    let status = try terminal.waitForExit(timeout: ShellFixture.patience)
    return (terminal.transcript, status)
  }

  @Test func kittyAnsweredDrawsThePatchWithKittysGraphicsProtocol() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 64, height: 64))
    let run = try launchTranscript(stub, term: "xterm-kitty", answer: Self.kittyAnswer + "\u{1B}[?62;22c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("CRS-21"))
    #expect(run.transcript.contains("\u{1B}_Ga=T,f=32,"), "\(run.transcript.prefix(600))")
    #expect(stub.requests.contains { $0.path == "/patch" })
  }

  @Test func sixelAnsweredDrawsAJPEGPatchInSixels() throws {
    let stub = try PatchImages.server(patch: PatchImages.jpeg, contentType: "image/jpeg")
    let run = try launchTranscript(stub, answer: "\u{1B}[?62;4;22c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("\u{1B}P0;1;0q"), "\(run.transcript.prefix(600))")
    #expect(!run.transcript.contains("\u{1B}_Ga="))
  }

  @Test func neitherAnsweredDrawsColouredBlocks() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 64, height: 64))
    let run = try launchTranscript(stub, answer: "\u{1B}[?62;22c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("\u{1B}[38;2;"), "\(run.transcript.prefix(600))")
    #expect(!run.transcript.contains("\u{1B}P0;1;0q") && !run.transcript.contains("\u{1B}_Ga="))
  }

  @Test func aTerminalThatAnswersNothingGetsBlocksAfterTheWait() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 32, height: 32))
    let run = try launchTranscript(stub, answer: nil)
    #expect(run.status == 0)
    #expect(run.transcript.contains("\u{1B}[38;2;"))
  }

  @Test func noImagesOrNoColourWithoutAProtocolShowOnlyTheURL() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 32, height: 32))
    let off = try launchTranscript(stub, answer: nil, extra: ["--no-images"])
    #expect(off.status == 0)
    #expect(off.transcript.contains("/patch"))
    #expect(!off.transcript.contains("\u{1B}[c") && !off.transcript.contains("\u{1B}[38;2;"))
    let variable = try launchTranscript(stub, answer: nil, environment: ["NO_IMAGES": "1"])
    #expect(!variable.transcript.contains("\u{1B}[c"))
    // A dumb terminal is not asked anything.
    let dumb = try launchTranscript(stub, term: "dumb", answer: nil)
    #expect(dumb.status == 0 && dumb.transcript.contains("/patch") && !dumb.transcript.contains("\u{1B}"))
    #expect(!stub.requests.contains { $0.path == "/patch" })
  }

  @Test func jsonAndTheConfigFilesImagesOffDrawNothing() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 32, height: 32))
    let json = try launchTranscript(stub, answer: nil, extra: ["--json"])
    #expect(json.status == 0 && json.transcript.contains(#""missionPatch""#))
    #expect(!json.transcript.contains("\u{1B}[c"))
    let fixture = try ShellFixture()
    let config = fixture.root.appendingPathComponent("config/rocket-reserver")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let environment = fixture.environment(["NO_IMAGES": "", "NO_COLOR": ""])
    let arguments = ["--no-apq", "--endpoint", stub.url().absoluteString, "launch", "5"]
    try "images = off\n".write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let off = try PseudoTerminal(BuiltProduct.rocketReserver, arguments: arguments, environment: environment)
    #expect(try off.waitForExit(timeout: ShellFixture.patience) == 0)
    #expect(off.transcript.contains("/patch") && !off.transcript.contains("\u{1B}[c"))
    #expect(!stub.requests.contains { $0.path == "/patch" })
    try "images = maybe\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let wrong = try fixture.run(arguments)
    #expect(wrong.status == 78)
    #expect(wrong.standardError.contains("images is on or off, not 'maybe'"), "\(wrong.standardError)")
  }

  @Test func aPipeGetsNoQueryNoPictureAndNoFetch() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 32, height: 32))
    // The same launch on the terminal draws its patch...
    #expect(try launchTranscript(stub, answer: "\u{1B}[?62;4c").transcript.contains("\u{1B}P0;1;0q"))
    // ...and into a file, nothing but its text.
    let fetches = stub.requests.filter { $0.path == "/patch" }.count
    let fixture = try ShellFixture()
    let file = fixture.root.appendingPathComponent("out.txt")
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver,
      arguments: ["--no-apq", "--endpoint", stub.url().absoluteString, "launch", "5"],
      environment: fixture.environment(["TERM": "xterm-kitty", "NO_IMAGES": "", "NO_COLOR": ""]),
      standardOutput: file)
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let output = try String(contentsOf: file, encoding: .utf8)
    #expect(output.contains("mission:  CRS-21"))
    #expect(!output.contains("\u{1B}") && !terminal.transcript.contains("\u{1B}"))
    #expect(stub.requests.filter { $0.path == "/patch" }.count == fetches)
  }

  @Test func aHugePNGIsRefusedAndTheLaunchIsStillShown() throws {
    let stub = try PatchImages.server(patch: PatchImages.bomb())
    let run = try launchTranscript(stub, term: "xterm-kitty", answer: Self.kittyAnswer + "\u{1B}[?62c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("booked:\u{1B}[0m   no"), "\(run.transcript.prefix(600))")
    #expect(run.transcript.contains("mission patch not shown: image too large (20000 x 20000 pixels)"))
    #expect(!run.transcript.contains("\u{1B}_Ga="))
  }

  @Test func aNonImageIsRefusedAndTheLaunchIsStillShown() throws {
    let stub = try PatchImages.server(
      patch: Data("<html>\u{1B}]0;pwned\u{07}</html>".utf8), contentType: "text/html")
    let run = try launchTranscript(stub, answer: "\u{1B}[?62;4c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("booked:\u{1B}[0m   no"), "\(run.transcript.prefix(600))")
    #expect(run.transcript.contains("mission patch not shown: not a PNG or JPEG image"))
    #expect(!run.transcript.contains("pwned"))
  }

  @Test func anImagePastTheByteLimitIsRefused() throws {
    let stub = try PatchImages.server(patch: Data(count: 5 << 20))
    let run = try launchTranscript(stub, answer: "\u{1B}[?62;4c")
    #expect(run.status == 0)
    #expect(run.transcript.contains("mission patch not shown: larger than 4 MiB"))
  }

  @Test func aSlowImageServerCostsNoMoreThanTheTimeout() throws {
    let stub = try LoopbackHTTPStub { request in
      if request.path.hasPrefix("/patch") {
        return LoopbackHTTPStub.Response(body: Data(), delay: .seconds(600))
      }
      let host = request.header("host") ?? "127.0.0.1"
      return .json(
        #"{"data":{"launch":{"id":"5","site":"KSC","mission":{"name":"CRS-21","missionPatch":"http://"#
          + host + #"/patch"},"rocket":{"id":"f9","name":"Falcon 9","type":"FT"},"isBooked":false}}}"#)
    }
    let run = try launchTranscript(stub, answer: "\u{1B}[?62;4c", extra: ["--timeout", "1"])
    #expect(run.status == 0)
    #expect(run.transcript.contains("mission patch not shown: no answer within 1 s"), "\(run.transcript)")
  }

  @Test func theImageRequestCarriesNoAuthorization() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 16, height: 16))
    let run = try launchTranscript(
      stub, answer: "\u{1B}[?62;4c", extra: ["--header", "Authorization: Bearer sekrit-token"])
    #expect(run.status == 0)
    let image = stub.requests.first { $0.path == "/patch" }
    #expect(image != nil)
    #expect(image?.header("authorization") == nil)
    #expect(stub.requests.contains { $0.header("authorization") == "Bearer sekrit-token" })
  }

  @Test func aPatchIsFetchedOnceThenReadFromTheCache() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 16, height: 16))
    let fixture = try ShellFixture()
    for _ in 0..<2 {
      let terminal = try PseudoTerminal(
        BuiltProduct.rocketReserver,
        arguments: ["--no-apq", "--endpoint", stub.url().absoluteString, "launch", "5"],
        environment: fixture.environment(["NO_IMAGES": "", "NO_COLOR": ""]))
      try terminal.expect(Self.deviceAttributesQuery, timeout: ShellFixture.patience)
      terminal.send("\u{1B}[?62;4c")
      #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
      #expect(terminal.transcript.contains("\u{1B}P0;1;0q"))
    }
    #expect(stub.requests.filter { $0.path == "/patch" }.count == 1)
  }

  @Test func theShellAsksTheTerminalOnceAndDrawsEachLaunchsPatch() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 32, height: 32))
    let fixture = try ShellFixture()
    let arguments = ["--no-apq", "--endpoint", stub.url().absoluteString]
    let terminal = try fixture.startShell(["NO_IMAGES": "", "NO_COLOR": ""], arguments: arguments)
    terminal.send("launch 5\n")
    try terminal.expect(Self.deviceAttributesQuery, timeout: ShellFixture.patience)
    terminal.send("\u{1B}[?62;4c")
    #expect(try fixture.expectPrompt(terminal).contains("\u{1B}P0;1;0q"))
    terminal.send("launch 5\n")
    let second = try fixture.expectPrompt(terminal)
    #expect(second.contains("\u{1B}P0;1;0q") && !second.contains(Self.deviceAttributesQuery))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func patchDrawsTheLargeImageAndPrintsItsURL() throws {
    let stub = try PatchImages.server(patch: PatchImages.png(width: 64, height: 64))
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver,
      arguments: ["--no-apq", "--endpoint", stub.url().absoluteString, "patch", "5"],
      environment: fixture.environment(["TERM": "xterm-kitty", "NO_IMAGES": "", "NO_COLOR": ""]))
    try terminal.expect(Self.deviceAttributesQuery, timeout: ShellFixture.patience)
    terminal.send(Self.kittyAnswer + "\u{1B}[?62c")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    #expect(terminal.transcript.contains("/patch\r\n"))
    // The whole 80 x 24 terminal less a column and three rows, in proportion: 42 x 21.
    #expect(terminal.transcript.contains("\u{1B}_Ga=T,f=32,"))
    #expect(terminal.transcript.contains(",r=21,"), "\(terminal.transcript.prefix(200))")
  }
}
