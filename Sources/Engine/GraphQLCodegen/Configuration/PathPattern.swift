// Compiled into GraphQLCodegen and, through a symbolic link, into CodegenPlugin: the plugin and
// `rocket-codegen --config` must pick exactly the same files. Standard library only.

/// A search path of a codegen configuration, as Apollo's are written: relative to the
/// configuration's folder, `/`-separated, where `*` matches within one path component, `?` one
/// character, and a `**` component any number of folders (`**/*.graphql`, `Operations/*.graphql`).
public struct PathPattern: Sendable, Equatable {
  /// The pattern as written.
  public var text: String
  private let components: [Substring]

  /// - Parameter text: the pattern, relative to the configuration's folder.
  public init(_ text: String) {
    self.text = text
    var parts = text.split(separator: "/", omittingEmptySubsequences: true)
    if parts.first == "." { parts.removeFirst() }
    components = parts
  }

  /// Whether `relativePath` (relative to the configuration's folder, `/`-separated) matches.
  public func matches(_ relativePath: String) -> Bool {
    let path = relativePath.split(separator: "/", omittingEmptySubsequences: true)
    return Self.match(components[...], path[...])
  }

  private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      // Zero or more folders, then the rest of the pattern.
      var rest = path
      while true {
        if match(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let component = path.first, matchComponent(Array(first)[...], Array(component)[...]) else {
      return false
    }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  private static func matchComponent(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool
  {
    guard let first = pattern.first else { return name.isEmpty }
    switch first {
    case "*":
      var rest = name
      while true {
        if matchComponent(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    case "?":
      return !name.isEmpty && matchComponent(pattern.dropFirst(), name.dropFirst())
    default:
      return name.first == first && matchComponent(pattern.dropFirst(), name.dropFirst())
    }
  }
}
