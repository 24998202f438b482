/// The fixed pieces of a streamed response's format that the server sends around the parts.
package struct StreamFraming: Sendable {
  /// The response's `Content-Type`.
  package let contentType: StaticString
  /// What is sent at once, before any part.
  package let opening: [UInt8]
  /// The keep-alive sent when nothing else was sent for a while.
  package let heartbeat: [UInt8]
  /// What replaces the waiting parts of a client that stopped reading, before the end.
  package let stalledEnding: [UInt8]
  /// The end of the stream.
  package let end: [UInt8]

  package init(
    contentType: StaticString, opening: [UInt8], heartbeat: [UInt8], stalledEnding: [UInt8], end: [UInt8]
  ) {
    self.contentType = contentType
    self.opening = opening
    self.heartbeat = heartbeat
    self.stalledEnding = stalledEnding
    self.end = end
  }
}
