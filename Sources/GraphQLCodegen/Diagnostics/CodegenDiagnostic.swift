import GraphQL

/// A problem in the schema or an operation file, in the `FILE:LINE:COL: error: MESSAGE` form
/// that SwiftPM, Xcode and editors recognise and link to the source (see `SourceDiagnostic`).
public struct CodegenDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as given to the generator (usually relative to the package, such as
  /// `Operations/Login.graphql`).
  public var path: String
  public var location: SourceLocation?
  public var message: String

  public init(path: String, location: SourceLocation?, message: String) {
    self.path = path
    self.location = location
    self.message = message
  }

  /// A diagnostic for each location of a GraphQL error (one without location if it has none).
  static func from(_ error: GraphQLError, path: String) -> CodegenDiagnostic {
    CodegenDiagnostic(path: path, location: error.locations.first, message: error.message)
  }

  /// Rendered by GraphQL's `SourceDiagnostic`, the renderer the command line's checks share.
  public var description: String {
    SourceDiagnostic(path: path, location: location, message: message).description
  }
}

/// Code generation failed; every diagnostic found is listed, not just the first.
public struct CodegenFailure: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [CodegenDiagnostic]

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
