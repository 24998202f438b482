import Foundation
import Testing

/// The program against a real `rocket-reserver serve` on an ephemeral loopback port: a query over
/// HTTP, then a subscription over a WebSocket that reports the program's own booking, then a
/// query whose `launches` fails, read as a `FieldResult`.
///
/// The server is the binary RocketReserver's own build made: `ROCKET_RESERVER` when set, else
/// `../../.build/debug/rocket-reserver` (make test builds it first).
@Suite struct ServeTests {
  static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var server: URL {
    if let path = ProcessInfo.processInfo.environment["ROCKET_RESERVER"] { return URL(fileURLWithPath: path) }
    return packageDirectory.appendingPathComponent("../../.build/debug/rocket-reserver").standardizedFileURL
  }

  static var program: URL {
    let products =
      Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return products.appendingPathComponent("launch-board")
  }

  @Test func queriesAndSubscribesAgainstServe() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.server.path),
      "build RocketReserver first: \(Self.server.path)")
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "launch-board-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }

    let serve = Process()
    serve.executableURL = Self.server
    serve.arguments = [
      "serve", "--host", "127.0.0.1", "--port", "0", "--drain", "0", "--data-dir", data.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = data.path + "/config"
    environment["XDG_STATE_HOME"] = data.path + "/state"
    serve.environment = environment
    let serveOutput = Pipe()
    serve.standardOutput = serveOutput
    serve.standardError = FileHandle.nullDevice
    try serve.run()
    defer {
      serve.terminate()
      serve.waitUntilExit()
    }
    // The ready line: `listening on http://127.0.0.1:PORT/graphql`.
    var line = Data()
    while true {
      let byte = serveOutput.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte == Data("\n".utf8) { break }
      line.append(byte)
    }
    let ready = String(decoding: line, as: UTF8.self)
    try #require(ready.hasPrefix("listening on "), "serve said \(ready.debugDescription)")
    let endpoint = String(ready.dropFirst("listening on ".count))

    let program = Process()
    program.executableURL = Self.program
    program.arguments = [endpoint]
    let output = Pipe()
    program.standardOutput = output
    try program.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    program.waitUntilExit()
    #expect(program.terminationStatus == 0)
    #expect(
      text == """
        110  CRS-21  Falcon 9  KSC LC 39A
        109  Starlink-15 (v1.0)  Falcon 9  CCAFS SLC 40
        108  Sentinel-6 Michael Freilich  Falcon 9  VAFB SLC 4E
        bookings: +1

        """)

    // A page size below 1 fails `launches`; under `onError: NULL` the board reads the failure as
    // the errors of its `FieldResult`.
    let failing = Process()
    failing.executableURL = Self.program
    failing.arguments = [endpoint, "0"]
    let failingOutput = Pipe()
    failing.standardOutput = failingOutput
    try failing.run()
    let failed = String(decoding: failingOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    failing.waitUntilExit()
    #expect(failing.terminationStatus == 0)
    #expect(failed == "no board: pageSize must be at least 1, but it was 0.\n")
  }
}
