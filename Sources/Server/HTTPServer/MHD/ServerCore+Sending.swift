import CMicroHTTPD

/// Buffered answers handed to libmicrohttpd, with their header fields.
extension ServerCore {
  /// Queues `response` on `connection`, from its access handler: its own header fields, then
  /// the router's common ones, then the request's (`HTTPExchange.responseHeaders`).
  func send(
    _ response: BufferedResponse, headers: [HTTPHeaderField], connection: OpaquePointer, close: Bool
  ) -> MHD_Result {
    guard let mhdResponse = ResponseBody.response(response.body) else { return cmhd_no() }
    defer { MHD_destroy_response(mhdResponse) }
    if let contentType = response.contentType { Self.addHeader(mhdResponse, "Content-Type", contentType) }
    for field in commonHeaders { Self.addHeader(mhdResponse, field) }
    for field in response.headers { Self.addHeader(mhdResponse, field) }
    for field in headers { Self.addHeader(mhdResponse, field) }
    if close { Self.addHeader(mhdResponse, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }

  static func addHeader(_ response: OpaquePointer, _ name: StaticString, _ value: StaticString) {
    MHD_add_response_header(response, cString(name), cString(value))
  }

  /// libmicrohttpd copies both strings, so a made value need only live for the call.
  static func addHeader(_ response: OpaquePointer, _ field: HTTPHeaderField) {
    switch field.value {
    case .fixed(let value): addHeader(response, field.name, value)
    case .text(let value):
      _ = value.withCString { MHD_add_response_header(response, cString(field.name), $0) }
    }
  }

  /// StaticString storage is NUL-terminated UTF-8 that lives for the whole program.
  static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
