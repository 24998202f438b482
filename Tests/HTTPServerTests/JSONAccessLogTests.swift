import Foundation
import Testing

@testable import HTTPServer

/// `--log-format json`'s lines: one JSON object each, every documented field, client-chosen text
/// escaped and cut; request ids taken from the client when usable, made otherwise.
@Suite struct JSONAccessLogTests {
  private static let time = WallClockTime(secondsSinceEpoch: 1_796_000_000, nanoseconds: 123_000_000)

  private static func object(_ line: String) throws -> [String: Any] {
    #expect(!line.contains("\n"))
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func everyFieldIsThere() throws {
    let entry = AccessLogEntry(
      time: Self.time, method: "POST", path: "/graphql", status: 200, operationName: "LaunchList",
      durationMilliseconds: 1.2344, client: "127.0.0.1", requestID: "lb-1", bytesIn: 312, bytesOut: 2565,
      errorCount: 0)
    #expect(
      entry.jsonLine
        == #"{"time":"2026-11-30T00:53:20.123Z","address":"127.0.0.1","method":"POST","path":"/graphql","#
        + #""status":200,"operationName":"LaunchList","durationMs":1.234,"bytesIn":312,"bytesOut":2565,"#
        + #""errors":0,"requestId":"lb-1"}"#)
    let object = try Self.object(entry.jsonLine)
    #expect(object.count == 11)
  }

  @Test func unknownValuesAreNull() throws {
    let entry = AccessLogEntry(
      time: Self.time, method: "GET", path: "/", status: nil, operationName: nil, durationMilliseconds: 0)
    let object = try Self.object(entry.jsonLine)
    for key in ["address", "status", "operationName", "errors", "requestId"] {
      #expect(object[key] is NSNull, "\(key)")
    }
    #expect(object["bytesIn"] as? Int == 0)
  }

  @Test func clientTextIsEscapedAndCut() throws {
    let path = "/a\"b\\c\n{\"forged\":1}\u{1}é" + String(repeating: "x", count: 400)
    let entry = AccessLogEntry(
      time: Self.time, method: "GET", path: path, status: 404, operationName: "Q\"\t",
      durationMilliseconds: 0.5)
    let object = try Self.object(entry.jsonLine)
    let logged = try #require(object["path"] as? String)
    #expect(logged.hasPrefix("/a\"b\\c\n{\"forged\":1}\u{1}é"))
    #expect(logged.utf8.count <= 256)
    #expect(object["operationName"] as? String == "Q\"\t")
    #expect(object["forged"] == nil)
  }

  @Test func requestIDsFromClientsWhenUsableElseMade() {
    let ids = RequestID()
    #expect(ids.id(for: "lb-7f3a:0001/req=@x.y+z_") == "lb-7f3a:0001/req=@x.y+z_")
    for refused in ["", "has space", "quote\"", "new\nline", "é", String(repeating: "a", count: 129)] {
      let made = ids.id(for: refused)
      #expect(made != refused)
      #expect(made.wholeMatch(of: #/[0-9a-f]{16}-[0-9a-f]+/#) != nil, "\(made)")
    }
    #expect(ids.id(for: nil) != ids.id(for: nil))
    #expect(RequestID().id(for: nil).prefix(16) != ids.id(for: nil).prefix(16))
  }
}
