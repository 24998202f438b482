import GraphQL
import GraphQLWire

/// A problem in the schema or an operation file, in the `FILE:LINE:COL: error: MESSAGE` form
/// that SwiftPM, Xcode and editors recognise and link to the source: GraphQL's
/// `SourceDiagnostic`, shared with the command line's checks of ad-hoc documents.
public typealias CodegenDiagnostic = SourceDiagnostic

extension SourceDiagnostic {
  /// A diagnostic at the first location of a GraphQL error (one without location if it has none).
  static func from(_ error: GraphQLError, path: String) -> SourceDiagnostic {
    SourceDiagnostic(error, path: path)
  }
}

/// Code generation failed; every diagnostic found is listed, not just the first.
public struct CodegenFailure: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [CodegenDiagnostic]

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
