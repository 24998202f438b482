import GraphQLWire

extension GraphQLError {
  /// Reads an entry of a response's `errors` list leniently (servers differ): members of an
  /// unexpected type are skipped, and an entry without a string `message` gets a placeholder.
  public init(responseJSON json: JSON) {
    let object = json.objectValue ?? JSONObject()
    let message = object["message"]?.stringValue ?? "the server reported an error without a message"
    var locations: [SourceLocation] = []
    for location in object["locations"]?.arrayValue ?? [] {
      if let line = location["line"]?.intValue, let column = location["column"]?.intValue {
        locations.append(SourceLocation(line: line, column: column))
      }
    }
    let path: [PathComponent]? = object["path"]?.arrayValue.map { items in
      items.compactMap { item -> PathComponent? in
        switch item {
        case .string(let key): .key(key)
        case .int(let index): .index(index)
        default: nil
        }
      }
    }
    self.init(message, locations: locations, path: path, extensions: object["extensions"]?.objectValue)
  }
}
