import CMicroHTTPD

/// `HTTPRequestHead` over a libmicrohttpd connection; valid only inside the access handler call
/// that created it (the connection pointer is libmicrohttpd's).
struct MHDRequestHead: HTTPRequestHead {
  let connection: OpaquePointer
  let method: HTTPMethod
  let route: Route

  func header(_ name: StaticString) -> RequestText {
    Self.text(name.withUTF8Buffer { buffer in cmhd_header(connection, buffer.baseAddress.map(cast)) })
  }

  func queryArgument(_ name: StaticString) -> RequestText {
    Self.text(
      name.withUTF8Buffer { buffer in cmhd_query_argument(connection, buffer.baseAddress.map(cast)) })
  }

  var contentLength: Int? {
    let length = cmhd_content_length(connection)
    return length < 0 ? nil : Int(length)
  }

  /// StaticString storage is NUL-terminated UTF-8, so it can be passed as a C string.
  private func cast(_ pointer: UnsafePointer<UInt8>) -> UnsafePointer<CChar> {
    UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> RequestText {
    guard let pointer else { return .absent }
    guard let value = String(validatingCString: pointer) else { return .invalidUTF8 }
    return .value(value)
  }
}
