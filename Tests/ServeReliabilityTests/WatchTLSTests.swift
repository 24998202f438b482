import Foundation
import TestSupport
import Testing

/// `watch --transport websocket` over `wss://`, the real binary against a TLS WebSocket server in
/// Python's `websockets` (`Tests/Peers/tls_graphql_server.py`), with certificates `openssl`
/// makes in the test's temporary directory: trusted through `--cacert`, refused without it or
/// for another host, accepted by `--insecure`; and an HTTPS query through libcurl with
/// `--cacert`. Skipped where `websockets` or `openssl` is missing (both installed by
/// `make test-deps`).
@Suite(
  .serialized,
  .enabled(if: PythonWebSockets.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"))
)
struct WatchTLSTests {
  /// A running `tls_graphql_server.py`.
  final class TLSPeer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Peers/tls_graphql_server.py")
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    let process: WatchProcess
    let port: String

    /// Starts the server in `mode` (`websocket` or `https`) with `certificate`.
    init(_ mode: String, certificate: Certificate, home: String) throws {
      process = try WatchProcess(
        [Self.script.path, mode, certificate.file, certificate.key], home: home,
        executable: PythonWebSockets.python)
      port = try #require(process.nextLine(timeout: 30), "the peer printed its port")
    }

    deinit { _ = process.stop(with: SIGKILL) }

    func endpoint(host: String) -> String { "https://\(host):\(port)/graphql" }
  }

  /// A self-signed certificate and its key, made now in `directory`.
  struct Certificate {
    let file: String
    let key: String

    init(in directory: TemporaryDirectory, name: String, subject: String, altNames: String) throws {
      file = directory.child(name + ".pem")
      key = directory.child(name + ".key")
      let made = try runProcess(
        TLSPeer.openssl,
        [
          "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
          "-subj", "/CN=\(subject)", "-addext", "subjectAltName=\(altNames)", "-keyout", key, "-out", file,
        ])
      try #require(made.status == 0, "openssl: \(made.standardError)")
    }
  }

  static func localCertificate(_ directory: TemporaryDirectory) throws -> Certificate {
    try Certificate(
      in: directory, name: "local", subject: "localhost", altNames: "DNS:localhost,IP:127.0.0.1")
  }

  /// `rocket-reserver OPTIONS watch --json --transport websocket --count 2` against `endpoint`.
  static func watch(_ endpoint: String, _ options: [String], home: String) throws -> WatchProcess {
    try WatchProcess(
      ["--endpoint", endpoint, "--timeout", "20"] + options + [
        "watch", "--json", "--transport", "websocket", "--count", "2",
      ], home: home)
  }

  /// Waits for a refused `watch` to end: its status and standard error.
  static func refusal(_ watcher: WatchProcess) -> (status: Int32?, errors: String) {
    let status = watcher.waitForExit(timeout: 60)
    return (status, watcher.remainingOutput().errors)
  }

  @Test(arguments: ["localhost", "127.0.0.1"])
  func watchFollowsATLSWebSocketTrustedWithCacert(host: String) throws {
    let directory = try TemporaryDirectory(prefix: "wss")
    let certificate = try Self.localCertificate(directory)
    let server = try TLSPeer("websocket", certificate: certificate, home: directory.path)
    let watcher = try Self.watch(
      server.endpoint(host: host), ["--cacert", certificate.file, "--header", "Authorization: Bearer t1"],
      home: directory.path)
    #expect(watcher.nextLine(timeout: 60) == #"{"tripsBooked":2}"#)
    #expect(watcher.nextLine(timeout: 30) == #"{"tripsBooked":-1}"#)
    #expect(watcher.waitForExit(timeout: 30) == 0)
    // The token went to the endpoint, in connection_init's payload.
    var initPayload: String?
    for _ in 0..<20 {
      guard let line = server.process.nextErrorLine(timeout: 10) else { break }
      if line.hasPrefix("{") {
        initPayload = line
        break
      }
    }
    #expect(initPayload?.contains(#""Authorization": "Bearer t1""#) == true, "\(initPayload ?? "none")")
  }

  @Test func anUntrustedCertificateIsRefusedNamingIt() throws {
    let directory = try TemporaryDirectory(prefix: "wss")
    let server = try TLSPeer(
      "websocket", certificate: try Self.localCertificate(directory), home: directory.path)
    let (status, errors) = Self.refusal(
      try Self.watch(server.endpoint(host: "localhost"), [], home: directory.path))
    #expect(status == 69, "\(errors)")
    #expect(
      errors.contains("TLS handshake failed (certificate not trusted: self-signed certificate"), "\(errors)")
    #expect(errors.contains("certificate CN=localhost issued by CN=localhost"), "\(errors)")
    #expect(errors.contains("--cacert FILE"), "\(errors)")
    #expect(!errors.contains("tripsBooked"))
  }

  @Test func aCertificateForAnotherHostIsRefusedNamingBoth() throws {
    let directory = try TemporaryDirectory(prefix: "wss")
    let other = try Certificate(
      in: directory, name: "other", subject: "other.example", altNames: "DNS:other.example")
    let server = try TLSPeer("websocket", certificate: other, home: directory.path)
    for host in ["127.0.0.1", "localhost"] {
      let (status, errors) = Self.refusal(
        try Self.watch(server.endpoint(host: host), ["--cacert", other.file], home: directory.path))
      #expect(status == 69, "\(errors)")
      #expect(
        errors.contains("hostname mismatch: the certificate is for other.example, not \(host)"), "\(errors)")
    }
  }

  @Test func insecureAcceptsAnyCertificate() throws {
    let directory = try TemporaryDirectory(prefix: "wss")
    let other = try Certificate(
      in: directory, name: "other", subject: "other.example", altNames: "DNS:other.example")
    let server = try TLSPeer("websocket", certificate: other, home: directory.path)
    let watcher = try Self.watch(server.endpoint(host: "127.0.0.1"), ["--insecure"], home: directory.path)
    #expect(watcher.nextLine(timeout: 60) == #"{"tripsBooked":2}"#)
    #expect(watcher.nextLine(timeout: 30) == #"{"tripsBooked":-1}"#)
    #expect(watcher.waitForExit(timeout: 30) == 0)
  }

  /// A server that takes the connection and never answers the TLS handshake: the timeout ends it.
  @Test func aSilentServerTimesOutInsteadOfHanging() throws {
    let directory = try TemporaryDirectory(prefix: "wss")
    let silent = try LoopbackTCPServer { descriptor, _ in
      var byte: UInt8 = 0
      while recv(descriptor, &byte, 1, 0) > 0 {}
    }
    let watcher = try WatchProcess(
      [
        "--endpoint", "https://127.0.0.1:\(silent.port)/graphql", "--timeout", "1", "watch", "--transport",
        "websocket",
      ], home: directory.path)
    let (status, errors) = Self.refusal(watcher)
    #expect(status == 69, "\(errors)")
    #expect(errors.contains("no response within 1 s (timed out)"), "\(errors)")
  }

  @Test func anHTTPSQueryThroughLibcurlUsesTheCacert() throws {
    let directory = try TemporaryDirectory(prefix: "https")
    let certificate = try Self.localCertificate(directory)
    let server = try TLSPeer("https", certificate: certificate, home: directory.path)
    let environment = [
      "XDG_CONFIG_HOME": directory.child("config"), "XDG_STATE_HOME": directory.child("state"),
      "XDG_CACHE_HOME": directory.child("cache"),
    ]
    let endpoint = server.endpoint(host: "127.0.0.1")
    let trusted = try runProcess(
      BuiltProduct.rocketReserver, ["--endpoint", endpoint, "--cacert", certificate.file, "total", "--json"],
      environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    #expect(trusted.standardOutput.contains("7"), "\(trusted.standardOutput)")
    let refused = try runProcess(
      BuiltProduct.rocketReserver,
      ["--endpoint", endpoint, "--timeout", "20", "total", "--cache", "network-only"],
      environment: environment)
    #expect(refused.status == 69)
    #expect(
      refused.standardError.contains(
        "TLS handshake failed (certificate not trusted: self-signed certificate)"),
      "\(refused.standardError)")
    #expect(refused.standardError.contains("--cacert FILE"), "\(refused.standardError)")
    let insecure = try runProcess(
      BuiltProduct.rocketReserver, ["--endpoint", endpoint, "--insecure", "total", "--json"],
      environment: environment)
    #expect(insecure.status == 0, "\(insecure.standardError)")
  }
}
