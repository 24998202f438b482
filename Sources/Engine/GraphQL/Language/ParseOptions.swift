/// Limits and switches for `parse`.
///
/// The limits keep hostile documents cheap to reject: `maxTokens` caps the work of lexing and
/// parsing, and `maxDepth` caps recursion so that deeply nested input is an error, never a stack
/// overflow.
public struct ParseOptions: Hashable, Sendable {
  /// The most tokens a document may have (nil: no limit). graphql-js's `maxTokens`.
  public var maxTokens: Int?
  /// The deepest nesting of selection sets, list and object values and list types.
  public var maxDepth: Int
  /// When true, nodes get no `range` (for comparing documents parsed from different text).
  public var noLocation: Bool

  public init(maxTokens: Int? = nil, maxDepth: Int = 256, noLocation: Bool = false) {
    self.maxTokens = maxTokens
    self.maxDepth = maxDepth
    self.noLocation = noLocation
  }
}
