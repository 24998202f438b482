import GraphQL
import GraphQLWire

/// One input file of the generator: its path as diagnostics should show it, and its text.
public struct CodegenSourceFile: Sendable {
  public var path: String
  public var text: String

  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// One output file: a name (no directory) and its Swift source.
public struct GeneratedFile: Sendable, Equatable {
  public var name: String
  public var contents: String

  public init(name: String, contents: String) {
    self.name = name
    self.contents = contents
  }
}

/// Compiles `Operations/*.graphql` against the schema into typed Swift, as apollo-ios's codegen
/// does: one file per operation file plus `SchemaTypes.graphql.swift` for enums and input types.
///
/// An operation may spread fragments defined in any operation file; each fragment's Swift type is
/// generated with the file that defines it, and every operation's wire document carries the
/// fragments it uses, wherever they are defined.
public enum Codegen {
  /// The name of the Swift file generated for an operation file (`Login.graphql.swift`).
  public static func outputName(forOperationFile path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    return base + ".swift"
  }

  /// The validation rules for operation files: the specified ones but `NoUnusedFragments` (a file
  /// may define fragments for other files).
  static let rules: [ValidationRule] = specifiedRules.filter {
    $0.name != ValidationRule.noUnusedFragments.name
  }

  /// The name of the shared schema-types file.
  public static let schemaTypesFileName = "SchemaTypes.graphql.swift"

  /// Generates Swift for `operationFiles` against the schema in `schema`.
  /// - Parameters:
  ///   - accessModifier: the access of the generated declarations (default `public`).
  ///   - errorHandling: the `onError` the operations are for and the default `@catch` (default:
  ///     `PROPAGATE`, the schema's `@catchByDefault` if any).
  /// - Throws: `CodegenFailure` with every diagnostic when the schema or any operation is invalid.
  public static func generate(
    schema schemaFile: CodegenSourceFile, operationFiles: [CodegenSourceFile],
    accessModifier: CodegenConfiguration.AccessModifier = .public,
    errorHandling: ErrorHandlingOptions = ErrorHandlingOptions()
  ) throws(CodegenFailure) -> [GeneratedFile] {
    let files = try generatePublic(
      schema: schemaFile, operationFiles: operationFiles, errorHandling: errorHandling)
    guard accessModifier == .internal else { return files }
    return files.map { GeneratedFile(name: $0.name, contents: internalized($0.contents)) }
  }

  /// The test mocks of the schema (`Mocks.graphql.swift`): a `MockObject` per object type and
  /// the typed properties of `Mock<ThatType>`, for a module that depends on `GraphQLTestSupport`.
  /// - Parameters:
  ///   - schemaModule: the module of the generated operations and enums, which the mocks import;
  ///     nil when they are compiled together.
  ///   - accessModifier: the access of the mocks (default `public`).
  /// - Throws: `CodegenFailure` when the schema is invalid.
  public static func generateMocks(
    schema schemaFile: CodegenSourceFile, schemaModule: String?,
    accessModifier: CodegenConfiguration.AccessModifier = .public
  ) throws(CodegenFailure) -> GeneratedFile {
    let schema = try buildSchema(from: schemaFile)
    let generator = MockGenerator(
      schema: schema, schemaModule: schemaModule, accessModifier: accessModifier.rawValue)
    return GeneratedFile(name: mocksFileName, contents: generator.file(schemaPath: schemaFile.path))
  }

  /// The name of the generated mocks file.
  public static let mocksFileName = "Mocks.graphql.swift"

  /// `contents` with every declaration's `public` dropped: generated code writes `public` only
  /// at the start of a declaration's line.
  static func internalized(_ contents: String) -> String {
    var lines: [Substring] = []
    for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
      let indentation = line.prefix { $0 == " " }
      let rest = line.dropFirst(indentation.count)
      lines.append(rest.hasPrefix("public ") ? indentation + rest.dropFirst("public ".count) : line)
    }
    return lines.joined(separator: "\n")
  }

  private static func generatePublic(
    schema schemaFile: CodegenSourceFile, operationFiles: [CodegenSourceFile],
    errorHandling: ErrorHandlingOptions
  )
    throws(CodegenFailure) -> [GeneratedFile]
  {
    let (schema, compiled) = try check(schema: schemaFile, operationFiles: operationFiles)
    var errorHandling = errorHandling
    if errorHandling.catchByDefault == nil,
      let document = try? parse(Source(schemaFile.text, name: schemaFile.path))
    {
      errorHandling.catchByDefault = ClientDirectives.catchByDefault(document)
    }
    let compiler = OperationCompiler(schema: schema)
    let generator = OperationGenerator(schema: schema, errorHandling: errorHandling)
    var outputs = [
      GeneratedFile(
        name: schemaTypesFileName,
        contents: SchemaTypesGenerator(schema: schema).file(schemaPath: schemaFile.path))
    ]
    for (file, document, ownFragments) in compiled {
      let (operations, allFragments) = compiler.compile(document, sourcePath: file.path)
      let fragments = allFragments.filter { ownFragments.contains($0.name) }
      outputs.append(
        GeneratedFile(
          name: outputName(forOperationFile: file.path),
          contents: generator.file(sourcePath: file.path, operations: operations, fragments: fragments)))
    }
    return outputs
  }

  /// The persisted-query manifest of `operationFiles`, in Apollo's format
  /// (`{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","body","name","type"}]}`):
  /// `body` is exactly the document the generated operation sends, `id` its SHA-256 (lowercase
  /// hex), operations in name order, one a line.
  /// - Throws: `CodegenFailure` as `generate` does.
  public static func manifest(schema schemaFile: CodegenSourceFile, operationFiles: [CodegenSourceFile])
    throws(CodegenFailure) -> String
  {
    let (schema, compiled) = try check(schema: schemaFile, operationFiles: operationFiles)
    let compiler = OperationCompiler(schema: schema)
    let operations = compiled.flatMap { compiler.compile($0.document, sourcePath: $0.file.path).0 }
      .sorted { $0.name < $1.name }
    let lines = operations.map { operation in
      JSON.object([
        "id": .string(SHA256.hexDigest(operation.document)), "body": .string(operation.document),
        "name": .string(operation.name), "type": .string(operation.type.rawValue),
      ]).encodedString
    }
    return #"{"format":"apollo-persisted-query-manifest","version":1,"operations":["#
      + (lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n") + "]}\n"
  }

  /// Parses and validates every operation file against the schema.
  /// - Returns: the schema, and each valid file's document (with the fragments it borrows from
  ///   other files) and the names of the fragments it defines itself.
  /// - Throws: `CodegenFailure` with every diagnostic when the schema or any operation is invalid.
  private static func check(schema schemaFile: CodegenSourceFile, operationFiles: [CodegenSourceFile])
    throws(CodegenFailure) -> (
      schema: GraphQLSchema,
      compiled: [(file: CodegenSourceFile, document: Document, ownFragments: Set<String>)]
    )
  {
    let schema = try buildSchema(from: schemaFile)
    // Operations may use the client directives (`@catch`), which the schema need not define.
    var validationSchema = schema
    if let document = try? parse(Source(schemaFile.text, name: schemaFile.path)) {
      let text = ClientDirectives.validationSchemaText(schemaFile.text, schema: document)
      if text != schemaFile.text {
        validationSchema = try buildSchema(from: CodegenSourceFile(path: schemaFile.path, text: text))
      }
    }

    var diagnostics: [CodegenDiagnostic] = []
    var parsed: [(file: CodegenSourceFile, document: Document)] = []
    for file in operationFiles {
      do {
        parsed.append((file, try parse(Source(file.text, name: file.path))))
      } catch {
        diagnostics.append(.from(error, path: file.path))
      }
    }
    let (library, fragmentDiagnostics) = FragmentLibrary.collect(parsed)
    diagnostics += fragmentDiagnostics

    var compiled: [(file: CodegenSourceFile, document: Document, ownFragments: Set<String>)] = []
    var operationNames: [String: String] = [:]
    for (file, ownDocument) in parsed {
      let borrowed = library.borrowed(by: ownDocument, path: file.path)
      let fileText: FragmentLibrary.FileText
      let document: Document
      if borrowed.isEmpty {
        fileText = FragmentLibrary.FileText(text: file.text, segments: [])
        document = ownDocument
      } else {
        fileText = library.text(
          of: ownDocument.source ?? Source(file.text, name: file.path), borrowing: borrowed)
        do {
          document = try parse(Source(fileText.text, name: file.path))
        } catch {
          diagnostics.append(.from(error, path: file.path))
          continue
        }
      }
      let errors = validate(schema: validationSchema, document: document, rules: Self.rules)
      diagnostics += errors.map { FragmentLibrary.diagnostic(for: $0, in: fileText, path: file.path) }
      for operation in ownDocument.operations {
        guard let name = operation.name else {
          diagnostics.append(
            CodegenDiagnostic(
              path: file.path,
              location: operation.range.map { ownDocument.source?.location(ofOffset: $0.start) }
                ?? nil,
              message: "Operations must be named for code generation."))
          continue
        }
        if let other = operationNames[name.value] {
          diagnostics.append(
            CodegenDiagnostic(
              path: file.path,
              location: name.range.flatMap { ownDocument.source?.location(ofOffset: $0.start) },
              message: "There can be only one operation named \"\(name.value)\"; another is in \(other)."))
        }
        operationNames[name.value] = file.path
      }
      if errors.isEmpty {
        compiled.append((file, document, Set(ownDocument.fragments.map(\.name.value))))
      }
    }
    // A problem inside a fragment is found by its own file and by each file that borrows it.
    var reported: Set<CodegenDiagnostic> = []
    diagnostics = diagnostics.filter { reported.insert($0).inserted }
    guard diagnostics.isEmpty else { throw CodegenFailure(diagnostics: diagnostics) }
    return (schema, compiled)
  }
}
