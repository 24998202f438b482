import Base64

/// The opaque pagination cursor of a launch: base64url (unpadded) of `launch:<flight number>`.
///
/// Unlike the hosted server's launch-date cursors, these are unique per launch, so pages never
/// repeat or loop. Only the canonical spelling decodes, so each launch has exactly one cursor.
public enum LaunchCursor {
  private static let prefix = "launch:"

  /// The cursor naming the launch with flight number `flight`.
  public static func encode(_ flight: Int) -> String {
    Base64.encode((prefix + String(flight)).utf8, .url)
  }

  /// The flight number a cursor names, or nil when `cursor` is not a canonical launch cursor.
  public static func decode(_ cursor: String) -> Int? {
    guard !cursor.isEmpty, cursor.count <= 64 else { return nil }
    guard let bytes = Base64.decode(cursor, .url),
      let text = String(validating: bytes, as: UTF8.self), text.hasPrefix(prefix),
      let flight = Int(text.dropFirst(prefix.count)),
      encode(flight) == cursor
    else { return nil }
    return flight
  }
}
