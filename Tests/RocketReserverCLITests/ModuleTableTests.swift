import Foundation
import Testing

/// `docs/ARCHITECTURE.md`'s module table and diagram against `Package.swift`: every module (target
/// outside `Tests/`) is in the table, and each row's "may import" column names, in backticks,
/// exactly the dependencies `Package.swift` gives its modules; the diagram draws every module but
/// the C shims, each of its arrows is a declared dependency, and its modules reach each other
/// exactly as in `Package.swift`. Also the graph's own rules: the program is the only module that
/// sees both the backend and the HTTP server, and neither the HTTP server nor the WebSocket module
/// reaches the engine or its wire types.
@Suite struct ModuleTableTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each module's direct dependencies, as `Package.swift` declares them.
  static func packageModules() throws -> [String: Set<String>] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var modules: [String: Set<String>] = [:]
    let declaration = /\.(target|executableTarget|systemLibrary|plugin|testTarget)\(/
    let pieces = text.split(separator: declaration)
    for (kind, piece) in zip(text.matches(of: declaration).map { String($0.output.1) }, pieces.dropFirst()) {
      guard kind != "testTarget", let name = piece.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1 else {
        continue
      }
      if let path = piece.firstMatch(of: /path:\s*"([^"]+)"/)?.output.1, path.hasPrefix("Tests/") { continue }
      let list = piece.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.output.1 ?? ""
      modules[String(name)] = Set(list.matches(of: /"([^"]+)"/).map { String($0.output.1) })
    }
    return modules
  }

  /// Each module of the table with the modules its row names in the "may import" column.
  static func tableModules() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    var modules: [String: Set<String>] = [:]
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("| module | owns | may import |") {
        inTable = true
        continue
      }
      guard inTable else { continue }
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      guard cells.count >= 3, let first = cells.first, let last = cells.last, !first.contains("---") else {
        continue
      }
      let imports = Set(last.matches(of: /`([^`]+)`/).map { String($0.output.1) })
      for name in first.matches(of: /`([^`]+)`/) { modules[String(name.output.1)] = imports }
    }
    return modules
  }

  /// The edges of the diagram (the `mermaid` block of the modules section): `A --> B & C` says
  /// that A imports B and C.
  static func diagramEdges() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    var edges: [String: Set<String>] = [:]
    var inDiagram = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```mermaid") {
        inDiagram = true
        continue
      }
      guard inDiagram else { continue }
      if line.hasPrefix("```") { break }
      let sides = line.split(separator: "-->", maxSplits: 1)
      guard sides.count == 2 else { continue }
      let from = sides[0].trimmingCharacters(in: .whitespaces)
      let targets = sides[1].split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
      edges[from, default: []].formUnion(targets)
    }
    return edges
  }

  /// The modules `module` reaches through `graph`, itself excluded.
  static func reach(_ module: String, in graph: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var next = [module]
    while let current = next.popLast() {
      for dependency in graph[current] ?? [] where seen.insert(dependency).inserted {
        next.append(dependency)
      }
    }
    return seen
  }

  /// Whether `module` is a C shim (`CSQLite`, `CLazyLoad`, ...), which the diagram leaves out.
  static func isCShim(_ module: String) -> Bool {
    module.count > 1 && module.first == "C" && module.dropFirst().first?.isUppercase == true
  }

  @Test func theDiagramDrawsDeclaredEdgesAndTheReachOfPackageSwift() throws {
    let package = try Self.packageModules()
    let drawn = try Self.diagramEdges()
    #expect(drawn.count > 10, "the diagram was not read: \(drawn)")
    let shown = package.keys.filter { !Self.isCShim($0) }
    let nodes = Set(drawn.keys).union(drawn.values.flatMap { $0 })
    #expect(
      Set(shown).subtracting(nodes).isEmpty,
      "modules missing from the diagram: \(Set(shown).subtracting(nodes).sorted())")
    #expect(
      nodes.subtracting(shown).isEmpty,
      "diagram nodes that are no module: \(nodes.subtracting(shown).sorted())")
    for (module, targets) in drawn.sorted(by: { $0.key < $1.key }) {
      let undeclared = targets.subtracting(package[module] ?? [])
      #expect(
        undeclared.isEmpty,
        "the diagram draws \(module) --> \(undeclared.sorted()), which Package.swift does not declare")
    }
    for module in shown.sorted() {
      let declared = Self.reach(module, in: package).filter { !Self.isCShim($0) }
      let inDiagram = Self.reach(module, in: drawn)
      #expect(
        declared == inDiagram,
        """
        \(module): the diagram lacks a path to \(declared.subtracting(inDiagram).sorted()), \
        Package.swift has none to \(inDiagram.subtracting(declared).sorted())
        """)
    }
  }

  @Test func theTableNamesEveryModuleAndExactlyItsDependencies() throws {
    let package = try Self.packageModules()
    let table = try Self.tableModules()
    #expect(package.count > 20, "Package.swift was not read: \(package.keys.sorted())")
    #expect(
      Set(package.keys).subtracting(table.keys).isEmpty,
      "modules missing from the table: \(Set(package.keys).subtracting(table.keys).sorted())")
    #expect(
      Set(table.keys).subtracting(package.keys).isEmpty,
      "table rows that are no module: \(Set(table.keys).subtracting(package.keys).sorted())")
    for (module, dependencies) in package.sorted(by: { $0.key < $1.key }) {
      guard let documented = table[module] else { continue }
      #expect(
        documented == dependencies,
        """
        \(module): the table lacks \(dependencies.subtracting(documented).sorted()), \
        Package.swift lacks \(documented.subtracting(dependencies).sorted())
        """)
    }
  }

  @Test func onlyServesCompositionAndTheProgramSeeTheBackendAndTheHTTPServer() throws {
    let package = try Self.packageModules()
    let seesBoth = package.filter { _, dependencies in
      dependencies.contains("LaunchBackend")
        && !dependencies.isDisjoint(with: ["HTTPServer", "GraphQLHTTP"])
    }
    #expect(Set(seesBoth.keys) == ["LaunchServer", "RocketReserverCLI"])
    for module in ["HTTPServer", "WebSocket"] {
      #expect(
        Self.reach(module, in: package).isDisjoint(with: ["GraphQL", "GraphQLWire", "LaunchBackend"]),
        "\(module)")
    }
  }

  /// `Sources/` holds only layer folders, and each folder in a layer is a module of
  /// `Package.swift` (which places every module in its layer): no stray folder a reader would
  /// take for a module, and no module outside the layers.
  @Test func sourcesHoldsLayersOfModules() throws {
    let files = FileManager.default
    let sources = Self.root.appendingPathComponent("Sources")
    let modules = try Self.packageModules()
    var found: Set<String> = []
    for layer in try files.contentsOfDirectory(atPath: sources.path).sorted() {
      let folders = try files.contentsOfDirectory(atPath: sources.appendingPathComponent(layer).path)
      #expect(!folders.isEmpty, "Sources/\(layer) is empty")
      for folder in folders {
        #expect(modules[folder] != nil, "Sources/\(layer)/\(folder) is no module of Package.swift")
        found.insert(folder)
      }
    }
    let outside = Set(modules.keys).subtracting(found)
    #expect(outside.isEmpty, "modules outside Sources/<layer>/: \(outside.sorted())")
  }
}
