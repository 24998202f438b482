import CommandLineKit
import FoundationEssentials

/// The interactive shell's prompt.
enum Prompt {
  /// `rocket-reserver> ` on the embedded backend, `rocket-reserver (ada@example.com)> ` when
  /// someone is logged in there; with a server, its short name after an `@`:
  /// `rocket-reserver (@ localhost:4000)> `, `rocket-reserver (ada@example.com @ localhost:4000)> `.
  /// Email and server are made terminal-safe: the prompt must not be able to move the cursor.
  /// Changes waiting in the outbox follow: `rocket-reserver (ada@example.com @ localhost:4000,
  /// 2 queued)> `.
  static func text(email: String?, endpoint: URL? = nil, queued: Int = 0) -> String {
    let who = email.map(TerminalText.safe)
    let server = endpoint.map { TerminalText.safe(shortName(of: $0)) }
    let waiting = queued > 0 ? ", \(queued) queued" : ""
    switch (who, server) {
    case (nil, nil): return "rocket-reserver> "
    case (let who?, nil): return "rocket-reserver (\(who)\(waiting))> "
    case (nil, let server?): return "rocket-reserver (@ \(server))> "
    case (let who?, let server?): return "rocket-reserver (\(who) @ \(server)\(waiting))> "
    }
  }

  /// The server as the prompt shows it, kept short: `host:port`, and the path only when it is
  /// not the usual `/graphql` (`api.example.com/v2`); `whoami` and `connect` show the whole URL.
  static func shortName(of endpoint: URL) -> String {
    var name = endpoint.host ?? endpoint.absoluteString
    if name.contains(":") { name = "[\(name)]" }
    if let port = endpoint.port { name += ":\(port)" }
    var path = endpoint.path
    while path.hasSuffix("/") { path.removeLast() }
    if path != "/graphql" && !path.isEmpty { name += path }
    return name
  }
}
