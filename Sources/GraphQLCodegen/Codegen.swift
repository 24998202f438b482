import GraphQL

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
}

/// Compiles `Operations/*.graphql` against the schema into typed Swift, as apollo-ios's codegen
/// does: one file per operation file plus `SchemaTypes.graphql.swift` for enums and input types.
///
/// Each operation file is self-contained: the fragments an operation uses live in its file.
public enum Codegen {
  /// The name of the Swift file generated for an operation file (`Login.graphql.swift`).
  public static func outputName(forOperationFile path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    return base + ".swift"
  }

  /// The name of the shared schema-types file.
  public static let schemaTypesFileName = "SchemaTypes.graphql.swift"

  /// Generates Swift for `operationFiles` against the schema in `schema`.
  /// - Throws: `CodegenFailure` with every diagnostic when the schema or any operation is invalid.
  public static func generate(schema schemaFile: CodegenSourceFile, operationFiles: [CodegenSourceFile])
    throws(CodegenFailure) -> [GeneratedFile]
  {
    let schema: GraphQLSchema
    do {
      schema = try buildSchema(parse(Source(schemaFile.text, name: schemaFile.path)))
    } catch let error as GraphQLError {
      throw CodegenFailure(diagnostics: [.from(error, path: schemaFile.path)])
    } catch let error as SchemaValidationError {
      throw CodegenFailure(diagnostics: error.errors.map { .from($0, path: schemaFile.path) })
    } catch {
      throw CodegenFailure(
        diagnostics: [CodegenDiagnostic(path: schemaFile.path, location: nil, message: "\(error)")])
    }

    var diagnostics: [CodegenDiagnostic] = []
    var compiled: [(file: CodegenSourceFile, document: Document)] = []
    var operationNames: [String: String] = [:]
    for file in operationFiles {
      let document: Document
      do {
        document = try parse(Source(file.text, name: file.path))
      } catch {
        diagnostics.append(.from(error, path: file.path))
        continue
      }
      // Also refuse operation types the schema lacks, which graphql-js leaves to execution.
      let errors = validate(
        schema: schema, document: document, rules: specifiedRules + [.knownOperationTypes])
      diagnostics += errors.map { .from($0, path: file.path) }
      for operation in document.operations {
        guard let name = operation.name else {
          diagnostics.append(
            CodegenDiagnostic(
              path: file.path,
              location: operation.range.map { document.source?.location(ofOffset: $0.start) }
                ?? nil,
              message: "Operations must be named for code generation."))
          continue
        }
        if let other = operationNames[name.value] {
          diagnostics.append(
            CodegenDiagnostic(
              path: file.path, location: name.range.flatMap { document.source?.location(ofOffset: $0.start) },
              message: "There can be only one operation named \"\(name.value)\"; another is in \(other)."))
        }
        operationNames[name.value] = file.path
      }
      if errors.isEmpty { compiled.append((file, document)) }
    }
    guard diagnostics.isEmpty else { throw CodegenFailure(diagnostics: diagnostics) }

    let compiler = OperationCompiler(schema: schema)
    let generator = OperationGenerator(schema: schema)
    var outputs = [
      GeneratedFile(
        name: schemaTypesFileName,
        contents: SchemaTypesGenerator(schema: schema).file(schemaPath: schemaFile.path))
    ]
    for (file, document) in compiled {
      let (operations, fragments) = compiler.compile(document, sourcePath: file.path)
      outputs.append(
        GeneratedFile(
          name: outputName(forOperationFile: file.path),
          contents: generator.file(sourcePath: file.path, operations: operations, fragments: fragments)))
    }
    return outputs
  }
}
