import CMicroHTTPD
import Glibc

/// `HTTPRequestHead` over a libmicrohttpd connection; valid only inside the access handler call
/// that created it (the connection pointer is libmicrohttpd's).
struct MHDRequestHead: HTTPRequestHead {
  let connection: OpaquePointer
  let method: HTTPMethod
  let path: String

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
  /// The head's fields as libmicrohttpd parsed them, for the RFC 9112 checks; `method` and
  /// `version` are the pointers the access handler received.
  static func framing(
    _ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
  ) -> MessageFraming {
    let collector = FieldCollector()
    cmhd_header_fields(
      connection,
      { context, _, key, value in
        guard let context else { return cmhd_no() }
        let collector = Unmanaged<FieldCollector>.fromOpaque(context).takeUnretainedValue()
        let name = key.map { String(cString: $0) } ?? ""
        let bytes = value.map { value in
          Array(UnsafeRawBufferPointer(start: value, count: strlen(value)).bindMemory(to: UInt8.self))
        }
        collector.fields.append(MessageFraming.Field(name: name, value: bytes ?? []))
        return cmhd_yes()
      }, Unmanaged.passUnretained(collector).toOpaque())
    return MessageFraming(
      version: version.map { String(cString: $0) } ?? "", fields: collector.fields,
      valuesIntact: cmhd_header_values_intact(connection, method, version) != 0)
  }
}

/// Collects header fields from libmicrohttpd's iterator; lives for one call.
private final class FieldCollector {
  var fields: [MessageFraming.Field] = []
}
