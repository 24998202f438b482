/// The cache could not be used; the message names its file (or store).
public struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file, or the name of a store that has none.
  public var path: String
  /// What went wrong.
  public var reason: String

  /// An error about `path` (the file, or the store's name).
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The message for the user: the file and what went wrong.
  public var description: String { "cannot use the cache file \(path): \(reason)" }
}
