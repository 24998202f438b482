// Each node's public initializer is declared in an extension, so that the node keeps the
// memberwise initializer the parser uses; `packedRange` stores `range` (see `PackedSourceRange`).

/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
///
/// Every node below it records the `SourceRange` it was parsed from (nil for nodes built in code);
/// `source` turns those ranges into lines and columns when an error needs them.
///
/// A value: editing a document (or a copy of it) never changes another copy. What the executor
/// remembers about a document (its field plans, per executable schema) is keyed by ``identity``,
/// which every edit of `definitions` or `source` renews, so an edited document is planned afresh.
public struct Document: Hashable, Sendable {
  public var definitions: [Definition] {
    didSet { identity = DocumentIdentity() }
  }
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
  /// The text this document was parsed from; nil for documents built in code.
  public var source: Source? {
    didSet { identity = DocumentIdentity() }
  }
  /// Stands for this exact content: copies share it, and an edit replaces it (see the type's
  /// documentation). Not part of equality.
  private(set) var identity = DocumentIdentity()

  public init(definitions: [Definition], range: SourceRange? = nil, source: Source? = nil) {
    self.definitions = definitions
    self.packedRange = PackedSourceRange(range)
    self.source = source
  }

  /// A parsed document with the identity the parser gives it (see `DocumentIdentity`).
  init(definitions: [Definition], range: SourceRange?, source: Source, identity: DocumentIdentity) {
    self.definitions = definitions
    self.packedRange = PackedSourceRange(range)
    self.source = source
    self.identity = identity
  }

  public static func == (lhs: Document, rhs: Document) -> Bool {
    lhs.definitions == rhs.definitions && lhs.range == rhs.range
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(definitions)
    hasher.combine(range)
  }

  /// The operation definitions, in document order.
  public var operations: [OperationDefinition] {
    definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
  }

  /// The fragment definitions, in document order.
  public var fragments: [FragmentDefinition] {
    definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
  }
}

/// One top-level definition of a document.
public enum Definition: Hashable, Sendable {
  case operation(OperationDefinition)
  case fragment(FragmentDefinition)
  case typeSystem(TypeSystemDefinition)
  case typeSystemExtension(TypeSystemExtension)

  /// The source range of the definition.
  public var range: SourceRange? {
    switch self {
    case .operation(let node): node.range
    case .fragment(let node): node.range
    case .typeSystem(let node): node.range
    case .typeSystemExtension(let node): node.range
    }
  }
}

/// A name token: `[_A-Za-z][_0-9A-Za-z]*`.
public struct Name: Hashable, Sendable, CustomStringConvertible {
  public var value: String {
    @inline(__always) get { text.string }
    set { text = NameText(newValue) }
  }
  /// Where `value` is stored (see `NameText`).
  var text: NameText
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange

  public var description: String { value }
}

extension Name {
  public init(_ value: String, range: SourceRange? = nil) {
    self.text = NameText(value)
    self.packedRange = PackedSourceRange(range)
  }
}
