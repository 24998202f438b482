import Foundation
import TestSupport
import Testing

/// Every C library is opened on first use (CLazyLoad), so a one-shot command on the embedded
/// backend starts without loading the network, server, PostgreSQL, crypto and line-editing
/// libraries, and without SQLite unless the command reads the booking database (an anonymous
/// `launch 5` reads only the launch catalog). The dynamic loader's own account
/// (`LD_DEBUG=files`) says which libraries a process opened.
@Suite struct LibraryLoadingTests {
  private static let onFirstUse = [
    "libcurl.so", "libmicrohttpd.so", "libpq.so", "libwslay.so", "libz.so", "libssl.so",
    "libcrypto.so", "libedit.so", "libjq.so",
  ]

  /// The libraries the loader opened while running the binary with `arguments`.
  private func openedLibraries(_ arguments: [String], fixture: ShellFixture) throws -> (
    ProcessResult, [String]
  ) {
    var environment = fixture.environment()
    environment["LD_DEBUG"] = "files"
    let result = try runProcess(BuiltProduct.rocketReserver, arguments, environment: environment)
    // Lines read `  1234:	file=libcurl.so.4 [0];  needed by ...` or `... dynamically loaded by ...`.
    let opened = result.standardError.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "file=") else { return nil }
      return String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" })
    }
    return (result, opened)
  }

  @Test(arguments: [["--version"], ["launch", "5"], ["launches"], ["help"], ["total"]])
  func embeddedCommandsLoadNoneOfThem(_ arguments: [String]) throws {
    let fixture = try ShellFixture()
    let (result, opened) = try openedLibraries(arguments, fixture: fixture)
    #expect(result.status == 0)
    #expect(opened.contains { $0.hasPrefix("libc.so") })
    for library in Self.onFirstUse {
      #expect(!opened.contains { $0.hasPrefix(library) }, "\(arguments) opened \(library)")
    }
    // Only what reads the booking database opens SQLite, and only that creates the file.
    let needsDatabase = arguments.first == "total"
    #expect(opened.contains { $0.hasPrefix("libsqlite3.so") } == needsDatabase, "\(arguments)")
    let files = FileManager.default.enumerator(atPath: fixture.root.path)?.allObjects as? [String] ?? []
    #expect(files.contains { $0.hasSuffix("backend.sqlite") } == needsDatabase, "\(arguments): \(files)")
  }

  /// A login makes a token (random bytes, a SHA-256 digest): libcrypto opens then.
  @Test func aLoginOpensLibcrypto() throws {
    let fixture = try ShellFixture()
    let (result, opened) = try openedLibraries(["login", "crypto@example.com"], fixture: fixture)
    #expect(result.status == 0, "\(result.standardError.suffix(400))")
    #expect(opened.contains { $0.hasPrefix("libcrypto.so") })
    #expect(!opened.contains { $0.hasPrefix("libedit.so") })
  }

  @Test func anEndpointOpensLibcurlAndAnswers() throws {
    let fixture = try ShellFixture()
    let server = try fixture.serve()
    defer { _ = server.terminate() }
    let (result, opened) = try openedLibraries(
      ["--endpoint", server.endpoint.absoluteString, "launch", "5"], fixture: fixture)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("RazakSat"))
    #expect(opened.contains { $0.hasPrefix("libcurl.so") })
    #expect(!opened.contains { $0.hasPrefix("libmicrohttpd.so") })
  }

  /// An answer from the normalized cache sends nothing, so it need not open libcurl at all.
  @Test func aCacheFirstAnswerFromTheCacheOpensNoLibcurl() throws {
    let fixture = try ShellFixture()
    let server = try fixture.serve()
    defer { _ = server.terminate() }
    let endpoint = server.endpoint.absoluteString
    let warm = try runProcess(
      BuiltProduct.rocketReserver, ["--endpoint", endpoint, "launch", "5"], environment: fixture.environment()
    )
    #expect(warm.status == 0)
    let (result, opened) = try openedLibraries(
      ["--endpoint", endpoint, "launch", "5", "--cache", "cache-first"], fixture: fixture)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("RazakSat"))
    #expect(!opened.contains { $0.hasPrefix("libcurl.so") })
    // A launch the cache does not hold is fetched: libcurl opens then.
    let (missed, openedForMiss) = try openedLibraries(
      ["--endpoint", endpoint, "launch", "6", "--cache", "cache-first"], fixture: fixture)
    #expect(missed.status == 0)
    #expect(openedForMiss.contains { $0.hasPrefix("libcurl.so") })
  }
}
