import GraphQL
import GraphQLWire

extension Codegen {
  /// The name of the generated resolver-protocols file.
  public static let resolversFileName = "Resolvers.graphqls.swift"

  /// Generates the server side of the schema in `schema`: a resolver protocol per object type,
  /// Swift enums for its enums, and `makeFieldResolvers(...)` (see `ResolverProtocolGenerator`).
  /// - Throws: `CodegenFailure` when the schema is invalid.
  public static func generateResolvers(schema schemaFile: CodegenSourceFile) throws(CodegenFailure)
    -> GeneratedFile
  {
    let schema = try buildSchema(from: schemaFile)
    return GeneratedFile(
      name: resolversFileName, contents: ResolverProtocolGenerator(schema: schema).generate())
  }

  /// The schema in `schemaFile`, or its diagnostics.
  static func buildSchema(from schemaFile: CodegenSourceFile) throws(CodegenFailure) -> GraphQLSchema {
    do {
      return try GraphQL.buildSchema(parse(Source(schemaFile.text, name: schemaFile.path)))
    } catch let error as GraphQLError {
      throw CodegenFailure(diagnostics: [.from(error, path: schemaFile.path)])
    } catch let error as SchemaValidationError {
      throw CodegenFailure(diagnostics: error.errors.map { .from($0, path: schemaFile.path) })
    } catch {
      throw CodegenFailure(
        diagnostics: [CodegenDiagnostic(path: schemaFile.path, location: nil, message: "\(error)")])
    }
  }
}
