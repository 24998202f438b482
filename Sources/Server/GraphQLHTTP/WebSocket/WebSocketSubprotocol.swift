/// The WebSocket subprotocols GraphQL clients speak (`Sec-WebSocket-Protocol`).
enum WebSocketSubprotocol: Sendable, Equatable {
  /// The graphql-ws library's protocol (`connection_init`, `subscribe`, `next`, close codes 44xx).
  case graphQLTransportWS
  /// subscriptions-transport-ws (`start`, `data`, `stop`, `ka`), Apollo Kotlin's default.
  case graphQLWS

  /// The token as sent on the wire.
  var token: StaticString {
    switch self {
    case .graphQLTransportWS: "graphql-transport-ws"
    case .graphQLWS: "graphql-ws"
    }
  }

  /// The first protocol of a `Sec-WebSocket-Protocol` list (comma-separated tokens, client's
  /// order of preference) that the server speaks.
  static func choose(from offered: String) -> WebSocketSubprotocol? {
    for token in offered.split(separator: ",") {
      switch token.trimmingASCIISpaces {
      case "graphql-transport-ws": return .graphQLTransportWS
      case "graphql-ws": return .graphQLWS
      default: continue
      }
    }
    return nil
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  var trimmingASCIISpaces: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
