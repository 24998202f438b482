import Foundation
import TestSupport
import Testing

/// One-shot `launch ID` defers `isBooked` (`LaunchDetails`): against a real incremental server
/// (`Tests/Peers/incremental_server.py`, whose `isBooked` waits for the test's release), the
/// binary prints the lines that need no database while `isBooked` is still held, then the
/// `booked:` line, the same text as an answer in one piece; the cache gets the final answer.
///
/// Against `serve`, the text is the same as ever: TranscriptTests replays `launch` transcripts.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct LaunchDeferredTests {
  @Test func theFirstLinesComeBeforeTheDeferredPartInBothFormats() throws {
    for accept in ["multipart/mixed;incrementalSpec=v0.2", "multipart/mixed;deferSpec=20220824"] {
      let peer = try IncrementalPeer()
      let fixture = try ShellFixture()
      let output = Pipe()
      let process = try fixture.start(
        [
          "--endpoint", peer.endpoint.absoluteString, "--timeout", "60", "--header", "Accept: \(accept)",
          "launch", "1",
        ],
        output: output)
      defer { if process.isRunning { process.terminate() } }
      func nextLine() -> String {
        String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
      }
      // `isBooked` is held until the release: these come before it.
      #expect(nextLine() == "launch:   1\n", "\(accept)")
      #expect(nextLine() == "mission:  FalconSat\n")
      #expect(nextLine() == "site:     Kwajalein Atoll\n")
      #expect(nextLine() == "rocket:   Falcon 1 Merlin A\n")
      #expect(nextLine() == "patch:    p.png\n")
      peer.release()
      #expect(nextLine() == "booked:   no\n")
      #expect(nextLine() == "")
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
  }

  @Test func theTextIsWholeAndTheFinalAnswerIsCached() throws {
    let peer = try IncrementalPeer()
    peer.release()
    let fixture = try ShellFixture()
    let endpoint = peer.endpoint.absoluteString
    let staged = try fixture.run(["--endpoint", endpoint, "launch", "1"])
    #expect(staged.status == 0, "\(staged.standardError)")
    // What `launch 1` prints against an answer in one piece (the peer refuses one for @defer).
    #expect(
      staged.standardOutput
        == "launch:   1\nmission:  FalconSat\nsite:     Kwajalein Atoll\nrocket:   Falcon 1 Merlin A\n"
        + "patch:    p.png\nbooked:   no\n")
    let cached = try fixture.run(["--endpoint", endpoint, "cache", "show", "Launch:1"])
    #expect(cached.standardOutput.contains("isBooked"), "\(cached.standardOutput)\(cached.standardError)")
    #expect(cached.standardOutput.contains("LaunchDetails"))
  }
}
