import GraphQLWire

/// The trusted documents of a persisted-query manifest in Apollo's format
/// (`{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","body","name","type"}]}`,
/// as `rocket-codegen --manifest` writes it), each parsed and validated once, when the server
/// starts: a request naming one by its id runs without parsing or validating anything.
public struct TrustedDocuments: Sendable {
  /// A manifest that cannot be used, with what is wrong in words for the person starting the server.
  public struct ManifestError: Error, CustomStringConvertible {
    public let description: String
  }

  /// The prepared documents by id (the SHA-256 of their text).
  let documents: [String: Prepared]

  struct Prepared: Sendable {
    let body: String
    let cached: CachedDocument
  }

  /// The number of documents.
  public var count: Int { documents.count }

  /// Reads a manifest and prepares its documents for `schema`.
  /// - Throws: `ManifestError` for a manifest in another format, an id that is not its body's
  ///   SHA-256, or a document that does not parse or validate against `schema` (naming it).
  public init(manifest: [UInt8], schema: GraphQLSchema, rules: [ValidationRule] = specifiedRules)
    throws(ManifestError)
  {
    let json: JSON
    do {
      json = try JSON(parsing: manifest)
    } catch {
      throw ManifestError(description: "the manifest is not JSON: \(error)")
    }
    guard json["format"] == .string("apollo-persisted-query-manifest"), json["version"] == .int(1),
      let operations = json["operations"]?.arrayValue
    else {
      throw ManifestError(
        description:
          #"the manifest is not in Apollo's format ("format":"apollo-persisted-query-manifest","version":1)"#)
    }
    var documents: [String: Prepared] = [:]
    for (index, operation) in operations.enumerated() {
      guard let id = operation["id"]?.stringValue, let body = operation["body"]?.stringValue else {
        throw ManifestError(description: "operation \(index + 1) of the manifest has no id or body")
      }
      let name = operation["name"]?.stringValue ?? "number \(index + 1)"
      guard SHA256.hexDigest(body) == id else {
        throw ManifestError(description: "the id of operation \(name) is not the SHA-256 of its body")
      }
      let document: Document
      do {
        document = try parse(Source(body))
      } catch {
        throw ManifestError(description: "operation \(name) does not parse: \(error.message)")
      }
      let errors = validate(schema: schema, document: document, rules: rules)
      if let first = errors.first {
        throw ManifestError(
          description: "operation \(name) does not validate against the schema: \(first.message)")
      }
      documents[id] = Prepared(
        body: body, cached: CachedDocument(parsed: .success(document), validationErrors: []))
    }
    self.documents = documents
  }
}

/// How a server takes persisted operations: automatic persisted queries registered by clients,
/// the trusted documents of a manifest, and whether it runs nothing else (safelisting).
public struct PersistedOperations: Sendable {
  /// Where clients' automatic persisted queries are kept; nil answers them
  /// `PersistedQueryNotSupported`.
  public var automatic: (any PersistedQueryStore)?
  /// The manifest's documents, if one was given.
  public var trusted: TrustedDocuments?
  /// Whether only the trusted documents run: any other hash and any free-text document are refused
  /// (`PERSISTED_QUERY_NOT_IN_LIST`).
  public var trustedOnly: Bool
  /// What the automatic persisted queries did (hits, misses, registrations).
  public let statistics = PersistedQueryStatistics()

  public init(
    automatic: (any PersistedQueryStore)? = nil, trusted: TrustedDocuments? = nil, trustedOnly: Bool = false
  ) {
    self.automatic = automatic
    self.trusted = trusted
    self.trustedOnly = trustedOnly
  }
}
