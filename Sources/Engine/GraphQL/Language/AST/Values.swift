// Each node's public initializer is declared in an extension, so that the node keeps the
// memberwise initializer the parser uses; `packedRange` stores `range` (see `PackedSourceRange`).

/// Value: a literal or variable in a document (`Value[Const]` in the grammar).
///
/// Numbers keep their source text so that coercion can apply the spec's rules (an `Int` must
/// fit in 32 bits, a `Float` may be written as an integer) and printing is lossless.
///
/// Not `indirect`: lists and objects nest through arrays, which already break the recursion, and
/// an indirect enum allocated a heap box for every value a document holds (a third of the
/// allocations of parsing an argument).
public enum Value: Hashable, Sendable {
  case variable(Variable)
  case int(String, range: SourceRange?)
  case float(String, range: SourceRange?)
  /// A string value; `block` records whether it was written as a `"""block string"""`.
  case string(String, block: Bool, range: SourceRange?)
  case boolean(Bool, range: SourceRange?)
  case null(range: SourceRange?)
  case enumValue(String, range: SourceRange?)
  case list([Value], range: SourceRange?)
  case object([ObjectField], range: SourceRange?)

  public var range: SourceRange? {
    switch self {
    case .variable(let variable): variable.range
    case .int(_, let range), .float(_, let range), .string(_, _, let range), .boolean(_, let range),
      .null(let range), .enumValue(_, let range), .list(_, let range), .object(_, let range):
      range
    }
  }

  /// Whether the value contains no variable anywhere (a `Value[Const]`).
  public var isConstant: Bool {
    switch self {
    case .variable: false
    case .list(let values, _): values.allSatisfy(\.isConstant)
    case .object(let fields, _): fields.allSatisfy(\.value.isConstant)
    default: true
    }
  }
}

/// ObjectField: `Name : Value` inside an input object literal.
public struct ObjectField: Hashable, Sendable {
  public var name: Name
  public var value: Value
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension ObjectField {
  public init(name: Name, value: Value, range: SourceRange? = nil) {
    self.name = name
    self.value = value
    self.packedRange = PackedSourceRange(range)
  }
}

/// Type: a named type, a list type or a non-null type, as written in a document.
///
/// Only the wrapping cases are `indirect`, so the common `.named` reference needs no heap box.
public enum TypeReference: Hashable, Sendable, CustomStringConvertible {
  case named(NamedType)
  indirect case list(TypeReference, range: SourceRange?)
  indirect case nonNull(TypeReference, range: SourceRange?)

  public var range: SourceRange? {
    switch self {
    case .named(let named): named.range
    case .list(_, let range), .nonNull(_, let range): range
    }
  }

  /// The innermost named type.
  public var namedType: NamedType {
    switch self {
    case .named(let named): named
    case .list(let inner, _), .nonNull(let inner, _): inner.namedType
    }
  }

  /// The type as GraphQL writes it, such as `[ID!]!`.
  public var description: String {
    switch self {
    case .named(let named): named.name.value
    case .list(let inner, _): "[\(inner)]"
    case .nonNull(let inner, _): "\(inner)!"
    }
  }
}

/// NamedType: a type's name where a type is referenced.
public struct NamedType: Hashable, Sendable {
  public var name: Name
  public var range: SourceRange? {
    get { packedRange.range }
    set { packedRange = PackedSourceRange(newValue) }
  }
  var packedRange: PackedSourceRange
}

extension NamedType {
  public init(name: Name, range: SourceRange? = nil) {
    self.name = name
    self.packedRange = PackedSourceRange(range)
  }
}
