import GraphQLWire

/// A field the server could not resolve, from an entry of a response's `errors` that has a path:
/// the rest of the answer is still shown, with the failed field marked.
struct FailedField: Equatable {
  let path: [PathComponent]
  /// The server's message, as sent (shown through `TerminalText.safe`).
  let message: String

  /// The path as people read it: keys joined by dots, list indexes in brackets
  /// (`launches.launches[2].rocket`).
  var dottedPath: String {
    var text = ""
    for component in path {
      switch component {
      case .key(let key): text += (text.isEmpty ? "" : ".") + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// `launch.rocket: MESSAGE`.
  var line: String { "\(dottedPath): \(message)" }

  /// The fields that failed among `errors`: those with a path.
  static func all(in errors: [GraphQLError]) -> [FailedField] {
    errors.compactMap { error in
      guard let path = error.path, !path.isEmpty else { return nil }
      return FailedField(path: path, message: error.message)
    }
  }

  /// The key at position `index` of the path, or nil.
  func key(at index: Int) -> String? {
    guard index < path.count, case .key(let key) = path[index] else { return nil }
    return key
  }
}
