// Compiled into GraphQLCodegen and, through a symbolic link, into CodegenPlugin: the build plugin
// and `rocket-codegen --config` read the file the same way. Standard library only.

/// A codegen configuration file (`graphql-codegen.json`), a subset of Apollo iOS's
/// `apollo-codegen-config.json` with its key names: where the schema and the operations are, the
/// module the generated code is, its access level, and whether test mocks and the persisted-query
/// manifest are written.
///
/// ```json
/// {
///   "schemaNamespace": "RocketReserverAPI",
///   "input": {
///     "schemaSearchPaths": ["schema.graphqls"],
///     "operationSearchPaths": ["**/*.graphql"]
///   },
///   "output": {
///     "accessModifier": "public",
///     "testMocks": { "swiftPackage": { "targetName": "RocketReserverAPITestMocks" } }
///   },
///   "operationManifest": { "path": "persisted-query-manifest.json", "version": "persistedQueries" },
///   "options": { "onError": "NULL", "catchByDefault": "THROW" }
/// }
/// ```
///
/// Paths and patterns are relative to the file's folder. A key the format does not have, a value
/// of the wrong type or a pattern that finds no file is an error at its line.
public struct CodegenConfiguration: Sendable {
  /// Whether generated declarations are `public` or `internal`.
  public enum AccessModifier: String, Sendable {
    /// Visible to modules that import the generated one (the default).
    case `public`
    /// Visible only inside the module.
    case `internal`
  }

  /// Where test mocks go.
  public enum TestMocks: Sendable, Equatable {
    /// No mocks (the default).
    case none
    /// Into the target of this package named so, which depends on the generated module and on
    /// `GraphQLTestSupport`.
    case swiftPackage(targetName: String)
  }

  /// The file as diagnostics show it.
  public var path: String
  /// The module the generated code is compiled into: the plugin's target must have this name,
  /// and mocks import it.
  public var schemaNamespace: String
  /// Patterns of the schema file (exactly one file must match).
  public var schemaSearchPaths: [PathPattern]
  /// Patterns of the operation files.
  public var operationSearchPaths: [PathPattern]
  /// Access of the generated declarations.
  public var accessModifier: AccessModifier
  /// Where test mocks go.
  public var testMocks: TestMocks
  /// Where the persisted-query manifest goes (relative to the file's folder), or nil for none.
  public var operationManifestPath: String?
  /// The `onError` the operations are generated for and the default `@catch` (`options`).
  public var errorHandling = ErrorHandlingOptions()

  /// Positions of values, for errors found after parsing (a pattern that matches nothing).
  public var positions: [String: ConfigurationJSON.Position] = [:]

  /// Reads a configuration.
  ///
  /// - Parameters:
  ///   - path: the file as diagnostics should show it.
  /// - Throws: ``CodegenConfigurationError`` at the first wrong key or value.
  public init(text: String, path: String) throws(CodegenConfigurationError) {
    self.path = path
    let root = try ConfigurationJSON.parse(text, path: path)
    let reader = Members(path: path, name: "the configuration", json: root)
    let top = try reader.members(allowed: [
      "schemaNamespace", "input", "output", "operationManifest", "options",
    ])

    guard let namespace = top["schemaNamespace"] else { throw reader.missing("schemaNamespace", in: root) }
    schemaNamespace = try reader.string(namespace, "schemaNamespace")
    positions["schemaNamespace"] = namespace.position
    guard Self.isIdentifier(schemaNamespace) else {
      throw reader.error(
        at: namespace, "schemaNamespace must be a Swift module name, not \"\(schemaNamespace)\"")
    }

    guard let input = top["input"] else { throw reader.missing("input", in: root) }
    let inputMembers = try Members(path: path, name: "input", json: input)
      .members(allowed: ["schemaSearchPaths", "operationSearchPaths"])
    guard let schemaPaths = inputMembers["schemaSearchPaths"] else {
      throw reader.missing("schemaSearchPaths", in: input)
    }
    schemaSearchPaths = try reader.patterns(schemaPaths, "schemaSearchPaths")
    guard let operationPaths = inputMembers["operationSearchPaths"] else {
      throw reader.missing("operationSearchPaths", in: input)
    }
    operationSearchPaths = try reader.patterns(operationPaths, "operationSearchPaths")
    positions["schemaSearchPaths"] = schemaPaths.position
    positions["operationSearchPaths"] = operationPaths.position

    accessModifier = .public
    testMocks = .none
    if let output = top["output"] {
      let outputMembers = try Members(path: path, name: "output", json: output)
        .members(allowed: ["accessModifier", "testMocks"])
      if let access = outputMembers["accessModifier"] {
        let text = try reader.string(access, "accessModifier")
        guard let modifier = AccessModifier(rawValue: text) else {
          throw reader.error(at: access, "accessModifier must be \"public\" or \"internal\", not \"\(text)\"")
        }
        accessModifier = modifier
      }
      if let mocks = outputMembers["testMocks"] {
        let kinds = try Members(path: path, name: "testMocks", json: mocks).members(allowed: [
          "none", "swiftPackage",
        ])
        guard kinds.count == 1 else {
          throw reader.error(at: mocks, "testMocks must hold exactly one of \"none\" and \"swiftPackage\"")
        }
        if let package = kinds["swiftPackage"] {
          let packageMembers = try Members(path: path, name: "swiftPackage", json: package)
            .members(allowed: ["targetName"])
          guard let target = packageMembers["targetName"] else {
            throw reader.missing("targetName", in: package)
          }
          let name = try reader.string(target, "targetName")
          guard Self.isIdentifier(name), name != schemaNamespace else {
            throw reader.error(
              at: target, "targetName must name a target other than schemaNamespace, not \"\(name)\"")
          }
          guard accessModifier == .public else {
            throw reader.error(
              at: mocks, "test mocks live in their own target, so they need accessModifier \"public\"")
          }
          testMocks = .swiftPackage(targetName: name)
        } else if let none = kinds["none"] {
          _ = try Members(path: path, name: "none", json: none).members(allowed: [])
        }
      }
    }

    if let manifest = top["operationManifest"] {
      let manifestMembers = try Members(path: path, name: "operationManifest", json: manifest)
        .members(allowed: ["path", "version"])
      guard let manifestPath = manifestMembers["path"] else { throw reader.missing("path", in: manifest) }
      operationManifestPath = try reader.string(manifestPath, "path")
      if let version = manifestMembers["version"] {
        let text = try reader.string(version, "version")
        guard text == "persistedQueries" else {
          throw reader.error(
            at: version, "version must be \"persistedQueries\" (Apollo's format), not \"\(text)\"")
        }
      }
    }
    if let options = top["options"] {
      let optionMembers = try Members(path: path, name: "options", json: options)
        .members(allowed: ["onError", "catchByDefault"])
      if let onError = optionMembers["onError"] {
        let text = try reader.string(onError, "onError")
        guard let value = ErrorHandlingOptions.OnError(rawValue: text) else {
          throw reader.error(at: onError, "onError must be \"PROPAGATE\" or \"NULL\", not \"\(text)\"")
        }
        errorHandling.onError = value
      }
      if let catchTo = optionMembers["catchByDefault"] {
        let text = try reader.string(catchTo, "catchByDefault")
        guard let value = ErrorHandlingOptions.CatchTo(rawValue: text) else {
          throw reader.error(
            at: catchTo, "catchByDefault must be \"RESULT\", \"NULL\" or \"THROW\", not \"\(text)\"")
        }
        errorHandling.catchByDefault = value
      }
    }
  }

  /// The schema file and the operation files among `files` (paths relative to the file's folder),
  /// operation files in name order.
  ///
  /// - Throws: ``CodegenConfigurationError`` at the search paths when no schema, more than one
  ///   schema, or no operation matches.
  public func select(from files: [String]) throws(CodegenConfigurationError) -> (
    schema: String, operations: [String]
  ) {
    let schemas = files.filter { file in schemaSearchPaths.contains { $0.matches(file) } }.sorted()
    let patterns = { (list: [PathPattern]) in list.map { "\"\($0.text)\"" }.joined(separator: ", ") }
    guard let schema = schemas.first else {
      throw CodegenConfigurationError(
        path: path, position: positions["schemaSearchPaths"],
        message: "no file matches schemaSearchPaths [\(patterns(schemaSearchPaths))]")
    }
    guard schemas.count == 1 else {
      throw CodegenConfigurationError(
        path: path, position: positions["schemaSearchPaths"],
        message: "schemaSearchPaths must match one schema file; they match \(schemas.joined(separator: ", "))"
      )
    }
    let operations = files.filter { file in
      file != schema && operationSearchPaths.contains { $0.matches(file) }
    }
    guard !operations.isEmpty else {
      throw CodegenConfigurationError(
        path: path, position: positions["operationSearchPaths"],
        message: "no file matches operationSearchPaths [\(patterns(operationSearchPaths))]")
    }
    return (
      schema,
      operations.sorted {
        ($0.split(separator: "/").last ?? "", $0) < ($1.split(separator: "/").last ?? "", $1)
      }
    )
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }
}

/// Reads the members of one object of the file, refusing keys the format does not have.
private struct Members {
  let path: String
  let name: String
  let json: ConfigurationJSON

  func error(at json: ConfigurationJSON, _ message: String) -> CodegenConfigurationError {
    CodegenConfigurationError(path: path, position: json.position, message: message)
  }

  func missing(_ key: String, in json: ConfigurationJSON) -> CodegenConfigurationError {
    error(at: json, "\"\(key)\" is missing")
  }

  func members(allowed: [String]) throws(CodegenConfigurationError) -> [String: ConfigurationJSON] {
    guard case .object(let members) = json.value else {
      throw error(at: json, "\(name) must be an object, not \(json.kind)")
    }
    var result: [String: ConfigurationJSON] = [:]
    for member in members {
      guard allowed.contains(member.key) else {
        let expected =
          allowed.isEmpty
          ? "it takes no keys" : "expected " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        throw CodegenConfigurationError(
          path: path, position: member.position,
          message: "unknown key \"\(member.key)\" in \(name); \(expected)")
      }
      result[member.key] = member.value
    }
    return result
  }

  func string(_ json: ConfigurationJSON, _ key: String) throws(CodegenConfigurationError) -> String {
    guard case .string(let text) = json.value else {
      throw error(at: json, "\(key) must be a string, not \(json.kind)")
    }
    return text
  }

  func patterns(_ json: ConfigurationJSON, _ key: String) throws(CodegenConfigurationError) -> [PathPattern] {
    guard case .array(let items) = json.value, !items.isEmpty else {
      throw error(at: json, "\(key) must be a non-empty array of path patterns")
    }
    var patterns: [PathPattern] = []
    for item in items {
      let text = try string(item, key)
      guard !text.hasPrefix("/"), !text.split(separator: "/").contains("..") else {
        throw error(at: item, "\(key) patterns are relative to the configuration's folder and stay inside it")
      }
      patterns.append(PathPattern(text))
    }
    return patterns
  }
}
