import Foundation
import Testing

/// Every repository path the documentation and the code's comments cite exists: paths under
/// `Sources/`, `Tests/`, `docs/`, `Benchmarks/`, `Fixtures/`, `Operations/`, `Examples/` and `Fuzz/`
/// in `README.md` and `docs/*.md` (outside fenced blocks, which show output, not citations) and in
/// the comments of the source files under `Sources/`, `Tests/`, `Fuzz/` and `Benchmarks/`, and
/// paths that start at a module's folder (`GraphQL/Execution/Executor.swift`); a Markdown file
/// named in a comment is one of the repository's; and nothing points at notes outside the
/// repository.
@Suite struct RepositoryPathsTests {
  static let root = ModuleTableTests.root

  /// A citation: where it is, and what it says.
  struct Citation: CustomStringConvertible {
    let file: String
    let line: Int
    let text: String
    var description: String { "\(file):\(line): \(text)" }
  }

  /// The folders a cited path starts with.
  static let citedFolders = [
    "Sources", "Tests", "docs", "Benchmarks", "Fixtures", "Operations", "Examples", "Fuzz",
  ]

  /// Markdown files of other projects that comments name (the graphql-ws protocols' own).
  static let externalDocuments: Set<String> = ["PROTOCOL.md"]

  /// The text of every line worth checking, with its file and number: the documentation outside
  /// fenced blocks, and the comments of source files.
  static func checkedLines() throws -> [Citation] { try lines.get() }

  /// What ``checkedLines()`` returns, read once for every test of the suite.
  static let lines = Result { try readCheckedLines() }

  static func readCheckedLines() throws -> [Citation] {
    var lines: [Citation] = []
    let files = FileManager.default
    let documents =
      ["README.md"]
      + (try files.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
      .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
    for document in documents.sorted() {
      let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
      var fenced = false
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
          fenced.toggle()
          continue
        }
        if !fenced { lines.append(Citation(file: document, line: index + 1, text: String(line))) }
      }
    }
    let sourceKinds: [String: [String]] = [
      "swift": ["//"], "c": ["//", "/*", "*"], "h": ["//", "/*", "*"], "js": ["//", "/*", "*"],
      "py": ["#"], "sh": ["#"],
    ]
    for folder in ["Sources", "Tests", "Fuzz", "Benchmarks"] {
      guard let walker = files.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
      for case let relative as String in walker {
        let path = "\(folder)/\(relative)"
        guard let markers = sourceKinds[(relative as NSString).pathExtension],
          let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        else { continue }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          guard let comment = Self.comment(in: line, markers: markers) else { continue }
          lines.append(Citation(file: path, line: index + 1, text: comment))
        }
      }
    }
    return lines
  }

  /// The comment on `line`: the whole line when it starts with a comment marker, else what
  /// follows a marker set off by spaces; nil when there is none.
  static func comment(in line: Substring, markers: [String]) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if markers.contains(where: { trimmed.hasPrefix($0) }) { return trimmed }
    for marker in markers where marker != "*" {
      if let range = line.range(of: " \(marker) ") { return String(line[range.upperBound...]) }
    }
    return nil
  }

  /// The repository paths `text` cites, as written (placeholders such as `<Database>` or `NAME`
  /// and globs such as `*.graphql` cut off at their folder).
  static func citedPaths(in text: String) -> [String] {
    guard citedFolders.contains(where: { text.contains("\($0)/") }) else { return [] }
    // One of `citedFolders`, not inside another path or a URL, then the rest of the path.
    let pattern =
      /(?:^|[^A-Za-z0-9_.\/$~-])((?:Sources|Tests|docs|Benchmarks|Fixtures|Operations|Examples|Fuzz)\/[A-Za-z0-9_.+*<>\/-]*)/
    return text.matches(of: pattern).map { match in
      var path = String(match.output.1)
      while let last = path.last, ".,:;)".contains(last) { path.removeLast() }
      var kept: [Substring] = []
      for component in path.split(separator: "/", omittingEmptySubsequences: false) {
        let placeholder =
          component.contains("<") || component.contains("*")
          || (component.count > 1 && component.allSatisfy { $0.isUppercase || $0 == "_" })
        if placeholder { return kept.joined(separator: "/") + "/" }
        kept.append(component)
      }
      return path
    }
  }

  /// Each module's folder: its `path:` in `Package.swift`, else `Sources/<layer>/NAME`, where
  /// the manifest's table of layers places it.
  static func moduleFolders() throws -> [String: String] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let sources = root.appendingPathComponent("Sources")
    let layers = try FileManager.default.contentsOfDirectory(atPath: sources.path)
    var folders: [String: String] = [:]
    for piece in text.split(separator: /\.(?:target|executableTarget|plugin)\(/).dropFirst() {
      guard let name = piece.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1.description else { continue }
      if let path = piece.firstMatch(of: /path:\s*"([^"]+)"/)?.output.1 {
        folders[name] = String(path)
      } else if let layer = layers.first(where: {
        FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/\(name)").path)
      }) {
        folders[name] = "Sources/\(layer)/\(name)"
      }
    }
    return folders
  }

  /// The paths `text` cites from a module's folder, in backticks (`GraphQL/Execution/Executor.swift`
  /// for `Sources/Engine/GraphQL/Execution/Executor.swift`), as repository paths.
  static func moduleRelativePaths(in text: String, folders: [String: String]) -> [String] {
    // A file (with an extension) or a folder (ending in `/`); not a DocC link (``Module/Symbol``).
    text.matches(of: /(?:^|[^`])`([A-Za-z][A-Za-z0-9_-]*)\/([A-Za-z0-9_.+\/-]*)`/).compactMap { match in
      let rest = match.output.2
      guard rest.isEmpty || rest.hasSuffix("/") || rest.contains(".") else { return nil }
      return folders[String(match.output.1)].map { "\($0)/\(rest)" }
    }
  }

  @Test func everyCitedPathExists() throws {
    let folders = try Self.moduleFolders()
    #expect(folders.count > 20, "Package.swift was not read")
    var dangling: [String] = []
    for line in try Self.checkedLines() {
      let paths = Self.citedPaths(in: line.text) + Self.moduleRelativePaths(in: line.text, folders: folders)
      for path in paths where !path.contains("/.build") {
        if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
          dangling.append("\(line.file):\(line.line): \(path)")
        }
      }
    }
    #expect(dangling.isEmpty, "cited paths that do not exist:\n\(dangling.joined(separator: "\n"))")
  }

  @Test func commentsNameOnlyTheRepositorysMarkdownFiles() throws {
    let files = FileManager.default
    var known = Set(
      try files.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path).filter {
        $0.hasSuffix(".md")
      })
    known.formUnion(["README.md"])
    known.formUnion(Self.externalDocuments)
    var unknown: [String] = []
    for line in try Self.checkedLines() where !line.file.hasSuffix(".md") {
      for match in line.text.matches(of: /(?:^|[^A-Za-z0-9_.\/-])([A-Za-z0-9_-]+\.md)\b/) {
        let name = String(match.output.1)
        if !known.contains(name) { unknown.append("\(line.file):\(line.line): \(name)") }
      }
    }
    #expect(
      unknown.isEmpty,
      "Markdown files named that the repository does not have:\n\(unknown.joined(separator: "\n"))")
  }

  @Test func nothingPointsOutsideTheRepository() throws {
    var outside: [String] = []
    // Spelled in pieces, so that this file does not itself name the folders it looks for.
    let folder = "shared"
    let markers = ["../" + folder, "/work/" + folder, folder + "/notes"]
    for line in try Self.checkedLines() {
      for marker in markers where line.text.contains(marker) {
        outside.append(line.description)
      }
    }
    #expect(
      outside.isEmpty, "references to notes outside the repository:\n\(outside.joined(separator: "\n"))")
  }

  @Test func theCheckerFindsPathsFromAModulesFolder() throws {
    let folders = try Self.moduleFolders()
    #expect(folders["GraphQL"] == "Sources/Engine/GraphQL")
    #expect(folders["credential-writer"] == "Tests/Executables/credential-writer")
    #expect(
      Self.moduleRelativePaths(
        in: "(`GraphQL/Execution/Executor.swift`, `Storage/SQL/`, ``GraphQLAPI/CacheHints``)",
        folders: folders)
        == ["Sources/Engine/GraphQL/Execution/Executor.swift"])
  }

  @Test func theCheckerFindsPaths() {
    #expect(
      Self.citedPaths(in: "see `Sources/Engine/GraphQL/Execution/Executor.swift`, and Operations/*.graphql.")
        == ["Sources/Engine/GraphQL/Execution/Executor.swift", "Operations/"])
    #expect(Self.citedPaths(in: "https://example.com/docs/x.md and $HOME/Tests/y") == [])
    #expect(
      Self.citedPaths(in: "`Sources/Server/LaunchBackend/Storage/<Database>/`") == [
        "Sources/Server/LaunchBackend/Storage/"
      ]
    )
    #expect(Self.citedPaths(in: "Fuzz/corpus/TARGET/ and (Sources/NAME)") == ["Fuzz/corpus/", "Sources/"])
  }
}
