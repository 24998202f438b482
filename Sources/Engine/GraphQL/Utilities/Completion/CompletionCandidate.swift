/// One word the completion engine offers at a cursor: what to insert, and what it is.
public struct CompletionCandidate: Hashable, Sendable, CustomStringConvertible {
  /// What the candidate names, for display and ordering.
  public enum Kind: String, Hashable, Sendable {
    case keyword, field, argument, inputField, enumValue, variable, fragment, type, directive
  }

  /// The text to insert (without `$` for a variable or `@` for a directive: those were typed).
  public var label: String
  public var kind: Kind
  /// The type of a field, argument or variable (`Launch!`, `PatchSize`), when it has one.
  public var detail: String?

  public init(_ label: String, kind: Kind, detail: String? = nil) {
    self.label = label
    self.kind = kind
    self.detail = detail
  }

  /// The label, then the detail after a colon (`launch: Launch`).
  public var description: String { detail.map { "\(label): \($0)" } ?? label }
}

/// The completion engine's answer: the candidates, and the byte offset where the word they
/// replace starts (the cursor, or the start of the partly typed name before it).
public struct Completions: Hashable, Sendable {
  /// The UTF-8 offset of the first byte of the partly typed word.
  public var replacementStart: Int
  /// The partly typed word (empty at the start of a word); every candidate starts with it.
  public var prefix: String
  /// In schema order (fields, arguments, enum values) or declaration order (variables, fragments).
  public var candidates: [CompletionCandidate]

  /// The candidates' labels.
  public var labels: [String] { candidates.map(\.label) }
}
