// Compiled into GraphQLCodegen and, through a symbolic link, into CodegenPlugin, as
// `CodegenConfiguration.swift` is. Standard library only.

/// How generated code treats field errors (`options` of `graphql-codegen.json`): the `onError`
/// the operations are generated for, and what a field's error becomes where no `@catch` says.
public struct ErrorHandlingOptions: Sendable, Equatable {
  /// The `onError` request value the operations are generated for.
  public enum OnError: String, Sendable {
    /// Errors propagate to the nearest nullable field (GraphQL's behaviour; the default): a field
    /// marked `@semanticNonNull` is still optional.
    case propagate = "PROPAGATE"
    /// A failed field is null and nothing else is: a field marked `@semanticNonNull` is
    /// non-optional, null only with an error, which its `@catch` handles.
    case null = "NULL"
  }

  /// What a field's error becomes in generated code (`@catch(to:)`, `@catchByDefault(to:)`).
  public enum CatchTo: String, Sendable {
    /// `FieldResult<T>`: the value, or the field's errors.
    case result = "RESULT"
    /// An optional: nil when the field failed.
    case null = "NULL"
    /// Reading the response throws, naming the field's path and its error.
    case `throw` = "THROW"
  }

  /// The `onError` the operations are generated for (default `PROPAGATE`).
  public var onError: OnError
  /// What a field's error becomes where neither the field nor its operation has `@catch`; nil
  /// when the schema's `@catchByDefault` (if any) decides, else a nullable field's error reads as
  /// nil and a non-optional field's error throws.
  public var catchByDefault: CatchTo?

  public init(onError: OnError = .propagate, catchByDefault: CatchTo? = nil) {
    self.onError = onError
    self.catchByDefault = catchByDefault
  }
}
