import Foundation
import TestSupport
import Testing

/// Runs the built `embed-resources` tool on temporary files.
@Suite struct EmbedResourcesToolTests {
  /// A temporary directory removed when the test ends.
  final class Scratch {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "embed-resources-tests-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String, _ bytes: Data) throws -> String {
      let file = url.appending(path: name)
      try bytes.write(to: file)
      return file.path(percentEncoded: false)
    }
  }

  static var tool: URL { BuiltProduct.directory.appending(path: "embed-resources") }

  /// Reads back the value of `static let name` from generated source, following the rules of a
  /// multi-line raw string literal: the first closing `"""` with the opening number of `#` ends it,
  /// and `\` followed by that many `#` starts a `u{...}` escape.
  static func literalValue(_ name: String, in source: String) throws -> String {
    let declaration = try #require(source.range(of: "static let \(name): String = "))
    let rest = source[declaration.upperBound...]
    let hashes = String(rest.prefix { $0 == "#" })
    #expect(!hashes.isEmpty)
    let opening = hashes + "\"\"\"\n"
    #expect(rest.hasPrefix(opening))
    let body = rest.dropFirst(opening.count)
    let closing = try #require(body.range(of: "\n\"\"\"" + hashes))
    var value = ""
    var scanner = body[..<closing.lowerBound]
    let escape = "\\" + hashes + "u{"
    while let start = scanner.range(of: escape) {
      value += scanner[..<start.lowerBound]
      let afterEscape = scanner[start.upperBound...]
      let end = try #require(afterEscape.firstIndex(of: "}"))
      let code = try #require(UInt32(afterEscape[..<end], radix: 16).flatMap(Unicode.Scalar.init))
      value.unicodeScalars.append(code)
      scanner = afterEscape[afterEscape.index(after: end)...]
    }
    return value + scanner
  }

  @Test func contentThatLooksLikeDelimitersAndEscapesSurvives() throws {
    let scratch = try Scratch()
    let tricky = "a \"#\" b \"\"\"## c \\(x) \\#(y) \\##n\r\nline\ttab\n  indented\n°’ end\"\"\""
    let plain = "no newline at the end"
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    let result = try runProcess(
      Self.tool,
      [
        output, "tricky=\(try scratch.file("t.txt", Data(tricky.utf8)))",
        "plain=\(try scratch.file("p.txt", Data(plain.utf8)))",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let source = try String(contentsOfFile: output, encoding: .utf8)
    #expect(source.contains("enum EmbeddedResources {"))
    #expect(try Self.literalValue("tricky", in: source) == tricky)
    #expect(try Self.literalValue("plain", in: source) == plain)
    #expect(source.contains("static let tricky: String = ###\"\"\"\n"))
  }

  @Test func aMissingFileIsAClearError() throws {
    let scratch = try Scratch()
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    let result = try runProcess(Self.tool, [output, "schema=/nonexistent/schema.graphqls"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("schema: no such file '/nonexistent/schema.graphqls'"))
    #expect(!FileManager.default.fileExists(atPath: output))
    // A file a Debian package installs (CodeMirror) names the set-up that installs it.
    let packaged = try runProcess(Self.tool, [output, "lib=/usr/share/nonexistent/lib.js"])
    #expect(packaged.standardError.contains("(a Debian package installs it: run `make deps`)"))
  }

  @Test func nonUTF8ContentIsAClearError() throws {
    let scratch = try Scratch()
    let path = try scratch.file("bad.bin", Data([0x66, 0xFF, 0xFE, 0x00]))
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    let result = try runProcess(Self.tool, [output, "blob=\(path)"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("is not valid UTF-8 text"))
  }

  @Test func badArgumentsAreRejected() throws {
    let scratch = try Scratch()
    let path = try scratch.file("ok.txt", Data("ok".utf8))
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    for (arguments, message) in [
      ([output], "usage: embed-resources"),
      ([output, "noequals"], "expected NAME=PATH"),
      ([output, "1bad=\(path)"], "not a valid Swift identifier"),
      ([output, "a=\(path)", "a=\(path)"], "given more than once"),
    ] {
      let result = try runProcess(Self.tool, arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
  }

  @Test func aLaunchCatalogIsTranscribedAsValues() throws {
    let scratch = try Scratch()
    let json = """
      [{"flight_number": 7, "mission_name": "Say \\"hi\\" \\\\ \\u0007", "launch_date_unix": 60,
        "launch_date_utc": "1970-01-01T00:01:00.000Z",
        "launch_site": {"site_id": "s", "site_name": "Site"},
        "links": {"mission_patch": null, "mission_patch_small": "https://x/p.png"},
        "rocket": {"rocket_id": "r", "rocket_name": "R", "rocket_type": "T"}}]
      """
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    let result = try runProcess(
      Self.tool, [output, "--launch-catalog", "launches=\(try scratch.file("l.json", Data(json.utf8)))"])
    #expect(result.status == 0, "\(result.standardError)")
    let source = try String(contentsOfFile: output, encoding: .utf8)
    #expect(source.contains("static let launches: [CatalogLaunch] = ["))
    #expect(source.contains(#"id: 7, missionName: "Say \"hi\" \\ \u{7}","#))
    #expect(source.contains("missionPatchSmall: \"https://x/p.png\""))
    #expect(source.contains("missionPatchLarge: nil"))
    #expect(source.contains("launchDate: Date(timeIntervalSince1970: 60)"))
  }

  @Test func aLaunchCatalogWithoutAFieldIsAClearError() throws {
    let scratch = try Scratch()
    let json = #"[{"flight_number": 1, "mission_name": 5}]"#
    let output = scratch.url.appending(path: "Out.swift").path(percentEncoded: false)
    let result = try runProcess(
      Self.tool, [output, "--launch-catalog", "launches=\(try scratch.file("l.json", Data(json.utf8)))"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("record 0 of"), "\(result.standardError)")
    #expect(result.standardError.contains("mission_name must be a string"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
