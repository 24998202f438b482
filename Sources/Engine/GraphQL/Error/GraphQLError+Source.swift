import GraphQLWire

extension GraphQLError {
  /// An error located at the given nodes' start positions in `source`.
  public init(
    _ message: String, source: Source?, ranges: [SourceRange?], path: [PathComponent]? = nil,
    extensions: JSONObject? = nil
  ) {
    let locations = source.map { source in
      ranges.compactMap { $0.map { source.location(ofOffset: $0.start) } }
    }
    self.init(message, locations: locations ?? [], path: path, extensions: extensions)
  }
}

extension [GraphQLError] {
  /// Gives `extensions.code` = `code` to every error that has no code.
  mutating func setMissingCodes(to code: String) {
    for index in indices where self[index].code == nil { self[index] = self[index].withCode(code) }
  }
}
