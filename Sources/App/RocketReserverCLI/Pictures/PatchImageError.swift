import RocketClient
import TerminalImages

/// Why a mission patch is not drawn, in words for the user (the rest of the command is shown).
enum PatchImageError: Error {
  /// Not an `http://` or `https://` URL.
  case unsupportedURL
  /// The request failed: unreachable, too slow, too large, redirected.
  case transport(HTTPTransportError)
  /// The server answered with a status other than 200.
  case status(Int)
  /// The bytes are not an image within the limits.
  case image(ImageDecodingError)

  var message: String {
    switch self {
    case .unsupportedURL: "not an http or https URL"
    case .transport(.bodyTooLarge(_, let limit)): "larger than \(limit / (1 << 20)) MiB"
    case .transport(.timedOut(_, let after)): "no answer within \(after.components.seconds) s"
    case .transport(.redirected): "redirected (images are fetched without following redirects)"
    case .transport(let error): "\(error)"
    case .status(let status): "the server answered \(status)"
    case .image(let problem): problem.message
    }
  }
}
