import Foundation
import TestSupport
import Testing

/// What a script that starts `serve --port 0` needs without scraping text: one JSON ready line,
/// a pid file that lives as long as the server, and the database named on standard error.
@Suite struct ServeReadyLineTests {
  @Test func jsonReadyLineAndPidFile() throws {
    let fixture = try ShellFixture()
    let directory = try TemporaryDirectory(prefix: "serve-ready")
    let pidFile = directory.child("serve.pid")
    let process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = [
      "--json", "serve", "--port", "0", "--data-dir", directory.child("data"), "--pid-file", pidFile,
    ]
    process.environment = fixture.environment()
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { process.interrupt() } }
    let line = output.fileHandleForReading.readFirstLine()
    let ready = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
    let port = try #require(ready["port"] as? Int)
    #expect(port > 0)
    #expect(ready["host"] as? String == "127.0.0.1")
    #expect(ready["url"] as? String == "http://127.0.0.1:\(port)/graphql")
    #expect(ready["database"] as? String == directory.child("data") + "/backend.sqlite")
    #expect(line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    let pid = try String(contentsOfFile: pidFile, encoding: .utf8)
    #expect(pid == "\(process.processIdentifier)\n")
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(!FileManager.default.fileExists(atPath: pidFile))
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("serving the SQLite database \(directory.child("data"))/backend.sqlite"))
  }
}
