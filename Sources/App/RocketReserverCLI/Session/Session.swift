import CommandLineKit
import FoundationEssentials
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the commands of one run share: the client, its transport and cache, and the login shown
/// in the prompt (what the shell remembers between commands is `ShellState`'s).
///
/// Creating a session touches nothing on disk: the database opens at the first request that
/// needs it (`LazyBackendTransport`), the credentials file when first read. Immutable: share it.
public final class Session: Sendable {
  /// One launch of a `LaunchList` page.
  typealias ListedLaunch = LaunchListQuery.Data.Launches.Launch

  /// Sends the generated operations.
  let client: RocketClient
  /// The server's URL, or nil for the embedded backend.
  let endpoint: URL?
  /// Whether `--endpoint` or `connect URL` gave the endpoint, so the command line `more`
  /// suggests names it.
  let endpointGivenAsOption: Bool
  /// Whether `--data-dir` gave the database's folder, so the command line `more` suggests names it.
  let dataDirectoryGivenAsOption: Bool
  /// The server in words: `the embedded backend` or the endpoint URL.
  public let endpointDescription: String
  /// The embedded backend's database file (used by the embedded client and by `serve`).
  public let databasePath: String
  /// How requests are sent (`--timeout`, `--header`, `--verbose`), for a session `schema --endpoint` makes.
  let requestOptions: RequestOptions
  /// Where tokens are kept, shown after a login.
  let credentialLocation: String?
  /// The embedded backend's transport, to close its database at the end; nil for `--endpoint`.
  let embedded: LazyBackendTransport?
  /// The normalized cache file (nil without a home directory); the client uses it only for an
  /// endpoint, and not with `--header 'Authorization: ...'`, whose user cannot be told apart.
  let cache: SQLiteNormalizedCache?
  /// The outbox of changes made while the server could not be reached (`--endpoint` only, and
  /// not with `--header 'Authorization: ...'`, whose user cannot be told).
  let outbox: OutboxStore?
  /// Sends `onError: NULL` to a server that honours it; its findings give subscriptions theirs.
  let errorBehavior: ErrorBehaviorInterceptor
  /// Seconds since 1970: the clock cache ages are measured with.
  let clock: @Sendable () -> Int64

  /// A session for the embedded backend or a server: the parameters are the properties of their
  /// names, `credentials` where logins are saved (nil: they are not), and without `cacheFile` or
  /// `outboxFile` there is no cache or outbox.
  public init(
    endpoint: URL?, databasePath: String, credentials: (any CredentialStore)?,
    options: RequestOptions = RequestOptions(), endpointGivenAsOption: Bool = false,
    dataDirectoryGivenAsOption: Bool = false, cacheFile: String? = nil, outboxFile: String? = nil,
    clock: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }
  ) {
    self.endpoint = endpoint
    self.endpointGivenAsOption = endpointGivenAsOption
    self.dataDirectoryGivenAsOption = dataDirectoryGivenAsOption
    let transport: any NetworkTransport
    let key: String
    let target: String
    if let endpoint {
      embedded = nil
      // One client for the whole session: its connection to the endpoint stays open between commands.
      let http = HTTPTransport(
        endpoint: endpoint, client: HTTPClient(timeout: options.timeout, tls: options.tls))
      transport = http
      target = http.target
      key = endpoint.absoluteString
      endpointDescription = endpoint.absoluteString
    } else {
      let lazy = LazyBackendTransport(databasePath: databasePath)
      embedded = lazy
      transport = lazy
      key = Credential.embeddedEndpoint
      endpointDescription = "the embedded backend"
      target = "the embedded backend"
    }
    requestOptions = options
    self.clock = clock
    let cache = cacheFile.map { path in
      SQLiteNormalizedCache(path: path, now: clock) {
        writeStandardError("rocket-reserver: warning: \($0)\n")
      }
    }
    self.cache = cache
    let cacheable = endpoint != nil && options.headers["Authorization"] == nil
    outbox = cacheable ? outboxFile.map(OutboxStore.init(path:)) : nil
    // The embedded backend is this program's own engine: it honours onError without being asked.
    // Only the generated operations (those the cache knows) get it: a document the user wrote
    // (`query`, `schema`) gets the server's default, as from any other client.
    errorBehavior = ErrorBehaviorInterceptor(
      honouredWithoutProbe: endpoint == nil, applies: { $0.cacheable != nil }, memory: cache,
      note: options.verboseNote)
    client = RocketClient(
      transport: transport, credentials: credentials, endpointKey: key,
      interceptors: options.interceptors(
        target: target,
        persistedQueries: endpoint != nil && options.persistedQueries
          ? AutomaticPersistedQueryInterceptor(memory: cache, note: options.verboseNote) : nil,
        errorBehavior: errorBehavior),
      cache: cacheable ? cache.map { CacheStore($0, now: clock, updates: TripCacheUpdates.all) } : nil,
      outerInterceptors: options.outerInterceptors,
      innerInterceptors: [
        TraceInterceptor(
          target: target, url: endpoint?.absoluteString, sessionTraces: options.trace,
          sessionPrintsCurl: options.printCurl, tls: options.tls)
      ])
    credentialLocation = credentials?.location
    self.databasePath = databasePath
  }

  /// Closes the embedded backend's database if a request opened it.
  public func close() { embedded?.close() }

  // MARK: - Paging

  /// Every launch from `start` (or the newest) to the end, each once, in list order.
  /// - Parameter requests: the command's cache policy and capture.
  func allLaunches(pageSize: Int?, after start: String? = nil, requests: CommandRequests)
    async throws(RocketClientError) -> [ListedLaunch]
  {
    var pager = LaunchPager<ListedLaunch>(
      id: { $0.id }, loadPage: Self.pageLoader(pageSize: pageSize, after: start, requests: requests))
    return try await pager.all()
  }

  /// Fetches the page after a cursor (nil: `start`) with the calls of `requests`.
  static func pageLoader(pageSize: Int?, after start: String?, requests: CommandRequests)
    -> LaunchPager<ListedLaunch>.PageLoader
  {
    { after throws(RocketClientError) in
      let cursor = after ?? start
      let query = LaunchListQuery(
        pageSize: pageSize.map { .some($0) } ?? .absent, after: cursor.map { .some($0) } ?? .absent)
      let data: LaunchListQuery.Data
      do throws(RocketClientError) {
        data = try await requests.fetch(query).requireData()
      } catch .notCached where after != nil {
        // Cache-only: the cache's list of every launch seen ends here.
        return LaunchPage(items: [], cursor: after ?? "", hasMore: false)
      }
      return LaunchPage(
        items: data.launches.launches.compactMap { $0 }, cursor: data.launches.cursor,
        hasMore: data.launches.hasMore)
    }
  }

  // MARK: - Login

  /// Whether `--header` gives an Authorization field, which replaces the saved token.
  var givesOwnAuthorization: Bool { requestOptions.headers["Authorization"] != nil }

  /// The logged-in email for the prompt, read each time, so another process's `login` shows at
  /// the next prompt; nil also when the store cannot be read.
  var loggedInEmail: String? { (try? client.currentCredential())?.email }

  /// Whose part of the outbox this session sends and shows; nil without an outbox or a login.
  var outboxOwner: (endpoint: String, user: String)? {
    guard outbox != nil, let email = loggedInEmail else { return nil }
    return (client.endpointKey, email)
  }

  /// How many changes wait in the logged-in user's outbox (0 when unreadable), for the prompt.
  var queuedCount: Int {
    guard let outbox, let owner = outboxOwner else { return 0 }
    return outbox.count(endpoint: owner.endpoint, user: owner.user)
  }

  /// Whether the credential store was read and holds no login here, so a command that needs one
  /// can fail at once (an unreadable store: false, the request then explains).
  var isKnownLoggedOut: Bool {
    // `--header 'Authorization: ...'` replaces the saved token: the server decides.
    if givesOwnAuthorization { return false }
    do {
      return try client.currentCredential() == nil
    } catch {
      return false
    }
  }
}

extension Session {
  /// How this session's subscriptions reach the server: the embedded backend in-process, or
  /// the endpoint over HTTP (multipart, falling back to a WebSocket as `mode` allows).
  func subscriptionTransport(mode: HTTPSubscriptionTransport.Mode = .auto) -> any SubscriptionTransport {
    if let endpoint {
      let timeout = requestOptions.timeout
      return HTTPSubscriptionTransport(
        endpoint: endpoint, client: HTTPClient(timeout: timeout, tls: requestOptions.tls), timeout: timeout,
        mode: mode)
    }
    if let embedded { return embedded }
    return LazyBackendTransport(databasePath: databasePath)
  }
}
