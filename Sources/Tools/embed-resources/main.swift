// embed-resources: turns text files into Swift source so a binary carries them without Bundle
// resources (it must run from any directory and after being copied elsewhere).
//
//   embed-resources OUTPUT.swift [--launch-catalog] NAME=PATH [[--launch-catalog] NAME=PATH ...]
//
// writes `enum EmbeddedResources { static let NAME: String = #"""...."""# ... }`, one raw string
// literal per file, in argument order; a file given after `--launch-catalog` becomes
// `static let NAME: [CatalogLaunch] = [...]` instead (see LaunchCatalogLiteral.swift). Used by
// EmbedResourcesPlugin at build time.
import Foundation

/// A failure the tool reports on standard error before exiting with status 1.
struct EmbedError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// One `NAME=PATH` argument.
struct Resource {
  /// How a file becomes Swift: its text as a string, or its launch records as values.
  enum Kind { case text, launchCatalog }

  let name: String
  let path: String
  var kind = Kind.text
}

/// Parses the `NAME=PATH` arguments, checking that each name is a distinct Swift identifier.
/// - Throws: `EmbedError` naming the offending argument.
func parseResources(_ arguments: ArraySlice<String>) throws -> [Resource] {
  var seen = Set<String>()
  var resources: [Resource] = []
  var kind = Resource.Kind.text
  for argument in arguments {
    if argument == "--launch-catalog" {
      kind = .launchCatalog
      continue
    }
    guard let equals = argument.firstIndex(of: "=") else {
      throw EmbedError("expected NAME=PATH, got '\(argument)'")
    }
    let name = String(argument[..<equals])
    let path = String(argument[argument.index(after: equals)...])
    guard isIdentifier(name) else {
      throw EmbedError("'\(name)' is not a valid Swift identifier (in '\(argument)')")
    }
    guard !path.isEmpty else { throw EmbedError("no path given for '\(name)'") }
    guard seen.insert(name).inserted else { throw EmbedError("'\(name)' is given more than once") }
    resources.append(Resource(name: name, path: path, kind: kind))
    kind = .text
  }
  guard kind == .text else { throw EmbedError("--launch-catalog needs a NAME=PATH after it") }
  return resources
}

/// Whether `name` can be used as a property name without backquotes: ASCII letters, digits and
/// underscores, not starting with a digit.
func isIdentifier(_ name: String) -> Bool {
  guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
  return name.unicodeScalars.allSatisfy { scalar in
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || scalar == "_"
  }
}

/// Reads a file as UTF-8 text.
/// - Throws: `EmbedError` when the file is missing, unreadable or not valid UTF-8.
func readText(_ resource: Resource) throws -> String {
  guard FileManager.default.fileExists(atPath: resource.path) else {
    // Files outside the package come from Debian packages (libjs-codemirror) the Makefile installs.
    let hint =
      resource.path.hasPrefix("/usr/share/") ? " (a Debian package installs it: run `make deps`)" : ""
    throw EmbedError("\(resource.name): no such file '\(resource.path)'\(hint)")
  }
  let data: Data
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: resource.path))
  } catch {
    throw EmbedError("\(resource.name): cannot read '\(resource.path)': \(error.localizedDescription)")
  }
  guard let text = String(validating: data, as: UTF8.self) else {
    throw EmbedError("\(resource.name): '\(resource.path)' is not valid UTF-8 text")
  }
  return text
}

/// Renders `text` as a multi-line raw string literal that evaluates to exactly `text`.
///
/// The delimiter has one more `#` than the longest run of `#` in the text, so neither a `"""`
/// nor a backslash in the text can end the literal or start an escape. Carriage returns and other
/// control characters (which a multi-line literal would normalise or reject) are written as
/// `\#u{..}` escapes using the same delimiter; newlines and tabs are kept as they are.
func rawStringLiteral(_ text: String) -> String {
  var longestRun = 0
  var run = 0
  for scalar in text.unicodeScalars {
    run = scalar == "#" ? run + 1 : 0
    longestRun = max(longestRun, run)
  }
  let hashes = String(repeating: "#", count: longestRun + 1)
  var body = ""
  body.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    if isControl && scalar != "\n" && scalar != "\t" {
      body += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      body.unicodeScalars.append(scalar)
    }
  }
  // The newline after the opening delimiter and the one before the closing delimiter are not part
  // of a multi-line literal's value, and a closing delimiter in column 0 strips no indentation.
  return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
}

/// Builds the whole generated Swift file.
/// - Throws: `EmbedError` when a launch catalog's records lack the fields it serves.
func render(_ resources: [(Resource, String)]) throws -> String {
  var output = """
    // Generated by embed-resources at build time. Do not edit: change the source files instead.

    """
  if resources.contains(where: { $0.0.kind == .launchCatalog }) {
    output += """
      #if canImport(FoundationEssentials)
        import FoundationEssentials
      #else
        import Foundation
      #endif


      """
  }
  output += """
    /// Text files compiled into the binary, so it needs no resource files at run time.
    enum EmbeddedResources {

    """
  for (resource, text) in resources {
    let file = (resource.path as NSString).lastPathComponent
    switch resource.kind {
    case .text:
      output += "  /// The contents of `\(file)`.\n"
      output += "  static let \(resource.name): String = \(rawStringLiteral(text))\n\n"
    case .launchCatalog:
      output += "  /// The launches of `\(file)`, transcribed at build time.\n"
      output += try launchCatalogLiteral(name: resource.name, text: text, path: resource.path) + "\n"
    }
  }
  output += "}\n"
  return output
}

/// Runs the tool on `arguments` (without the program name).
/// - Throws: `EmbedError` for bad arguments, unreadable inputs or an unwritable output.
func run(_ arguments: [String]) throws {
  guard arguments.count >= 2 else {
    throw EmbedError("usage: embed-resources OUTPUT.swift NAME=PATH [NAME=PATH ...]")
  }
  let output = arguments[0]
  let resources = try parseResources(arguments.dropFirst())
  let contents = try resources.map { ($0, try readText($0)) }
  let source = try render(contents)
  do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  } catch {
    throw EmbedError("cannot write '\(output)': \(error.localizedDescription)")
  }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("embed-resources: error: \(error)\n".utf8))
  exit(1)
}
