/// The schema's `@cacheControl(maxAge:, inheritMaxAge:)` hints, as codegen reads them from the
/// schema: what a normalized cache derives each field's max-age from (Apollo Kotlin's generated
/// `maxAges`, read by Apollo Server's rules; see ``maxAge(ofField:parentType:returnType:isComposite:parentMaxAge:)``).
///
/// The `scope` argument is left out: a client's cache is its user's own.
public struct CacheHints: Hashable, Sendable {
  /// One hint: a max-age in seconds, or `inheritMaxAge: true`.
  public struct Hint: Hashable, Sendable {
    /// Seconds, or nil when the hint gives none.
    public var maxAge: Int?
    /// `inheritMaxAge: true`: the parent field's max-age.
    public var inheritMaxAge: Bool

    public init(maxAge: Int? = nil, inheritMaxAge: Bool = false) {
      self.maxAge = maxAge
      self.inheritMaxAge = inheritMaxAge
    }
  }

  /// The schema's root type of the operation (`Query`), whose fields the root record holds.
  public let rootType: String
  /// Hints on types, by type name (`Launch`).
  public let types: [String: Hint]
  /// Hints on fields, by schema coordinate (`Query.launch`).
  public let fields: [String: Hint]
  /// ``fields`` by type, then field name: a lookup per field of every answer written, without
  /// building the coordinate's string.
  private let fieldsByType: [String: [String: Hint]]

  public init(rootType: String, types: [String: Hint] = [:], fields: [String: Hint] = [:]) {
    self.rootType = rootType
    self.types = types
    self.fields = fields
    var byType: [String: [String: Hint]] = [:]
    for (coordinate, hint) in fields {
      guard let dot = coordinate.firstIndex(of: ".") else { continue }
      byType[String(coordinate[..<dot]), default: [:]][String(coordinate[coordinate.index(after: dot)...])] =
        hint
    }
    fieldsByType = byType
  }

  /// No hints: every field has the cache's own age bound.
  public static let none = CacheHints(rootType: "Query")

  /// The max-age of field `name` of `parentType`, by Apollo Server's rules: the field's own
  /// `maxAge`, else its `inheritMaxAge` (the parent's), else for a composite field its type's
  /// `maxAge` or `inheritMaxAge`; a scalar field inherits its parent's. Where Apollo Server says
  /// "not cacheable" (a root or composite field without a hint) the answer is nil: no hint, and
  /// the cache's own age bound applies.
  ///
  /// - Parameters:
  ///   - parentMaxAge: the parent field's max-age (nil at the root, or without a hint).
  package func maxAge(
    ofField name: String, parentType: String, returnType: String, isComposite: Bool, parentMaxAge: Int?
  ) -> Int? {
    let own = fieldsByType[parentType]?[name]
    if let maxAge = own?.maxAge { return maxAge }
    if own?.inheritMaxAge == true { return parentMaxAge }
    guard isComposite else { return parentMaxAge }
    let typed = types[returnType]
    if let maxAge = typed?.maxAge { return maxAge }
    if typed?.inheritMaxAge == true { return parentMaxAge }
    return nil
  }
}
