import CMicroHTTPD
import Glibc

/// `HTTPRequestHead` over a libmicrohttpd connection, valid only inside the call that made it.
struct MHDRequestHead: HTTPRequestHead {
  let connection: OpaquePointer
  let method: HTTPMethod
  let path: String
  let clientAddress: String?

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

extension MHDRequestHead {
  /// The rejection of the head's framing (`MessageFraming`), each field checked as
  /// libmicrohttpd hands it over.
  static func framingRejection(
    _ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
  ) -> MessageFraming.Rejection? {
    var framing = MessageFraming()
    withUnsafeMutablePointer(to: &framing) { framing in
      _ = cmhd_header_fields(
        connection,
        { context, _, key, value in
          guard let context else { return cmhd_no() }
          let framing = context.assumingMemoryBound(to: MessageFraming.self)
          framing.pointee.add(name: cStringBytes(key), value: cStringBytes(value))
          return cmhd_yes()
        }, UnsafeMutableRawPointer(framing))
    }
    return framing.rejection(
      version: version.map { String(cString: $0) } ?? "",
      valuesIntact: cmhd_header_values_intact(connection, method, version) != 0)
  }
}

/// A C string's bytes, without its NUL (none for nil).
private func cStringBytes(_ text: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
  guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
  return UnsafeBufferPointer(
    start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
}
