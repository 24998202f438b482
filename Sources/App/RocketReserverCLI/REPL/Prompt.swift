import CommandLineKit
import FoundationEssentials

/// The interactive shell's prompt.
enum Prompt {
  /// `rocket-reserver> `, or with the login, the server's short name and the changes queued:
  /// `rocket-reserver (ada@example.com @ localhost:4000, 2 queued)> `, made terminal-safe.
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

  /// The server as the prompt shows it: `host:port`, and the path unless it is `/graphql`.
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
