/// The routes the server knows.
enum Route: Sendable, Equatable {
  case home, graphQL, unknown

  /// The route for a request path (without its query string).
  init(path: String) {
    switch path {
    case "/graphql": self = .graphQL
    case "/": self = .home
    default: self = .unknown
    }
  }
}
