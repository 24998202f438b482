/// The part of the cache one user of one endpoint sees: viewer-dependent fields (`isBooked`,
/// `me`) never leak between users, and logging out drops that user's part.
public struct CachePartition: Hashable, Sendable {
  /// The server's key (``Credential/embeddedEndpoint`` or the endpoint URL).
  public var endpoint: String
  /// The logged-in email, or nil for anonymous requests.
  public var user: String?

  /// A partition; `user` is the logged-in email, or nil for anonymous requests.
  public init(endpoint: String, user: String?) {
    self.endpoint = endpoint
    self.user = user
  }

  /// The partition's name in the file: the endpoint with any password masked, and the email
  /// (never a token).
  var name: String {
    let shown = endpoint == Credential.embeddedEndpoint ? endpoint : RocketClientError.displayed(endpoint)
    return shown + "\u{1F}" + (user ?? "")
  }
}

/// How big and how old the cache may grow.
public struct CacheLimits: Sendable, Equatable {
  /// The file's data past which the least recently used records go (default 20 MB).
  public var maxBytes: Int
  /// The age past which a record is neither served nor kept (default 7 days).
  public var maxAge: Duration

  /// Limits (default 20 MB, 7 days).
  public init(maxBytes: Int = 20 * 1024 * 1024, maxAge: Duration = .seconds(7 * 24 * 3600)) {
    self.maxBytes = maxBytes
    self.maxAge = maxAge
  }
}

/// What `cache` prints: the file, its size, the record count and the age range.
public struct CacheStatistics: Sendable, Equatable {
  /// The cache file.
  public var path: String
  /// The file's size on disk in bytes (the `-wal` file included).
  public var fileBytes: Int
  /// How many records the file holds, in every partition.
  public var records: Int
  /// When the oldest record was written (seconds since 1970), nil when empty.
  public var oldestWrite: Int64?
  /// When the newest record was written (seconds since 1970), nil when empty.
  public var newestWrite: Int64?
}
