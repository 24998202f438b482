// libFuzzer entry point for request heads (see Fuzz/run.sh http-head SECONDS).
//
// Each input is sent as it is, as the start of a request, to a real GraphQLHTTPServer on a
// loopback port (Fuzz/HTTP/FuzzServer.swift); the connection is then half-closed. The server
// must answer with well-formed responses or close, never crash, hang or stop accepting. The
// input's header lines are also checked with MessageFraming directly, which must not crash and
// must refuse any value holding a control character.
import Glibc

@testable import HTTPServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  checkResponses(exchange(bytes), input: bytes)
  var fields: [MessageFraming.Field] = []
  for line in bytes.split(separator: 10).dropFirst() {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
    let value = Array(line[(colon + 1)...].drop { $0 == 32 })
    fields.append(.init(name: String(decoding: line[..<colon], as: UTF8.self), value: value))
  }
  let framing = MessageFraming(version: "HTTP/1.1", fields: fields, valuesIntact: true)
  let hasControl = fields.contains { $0.value.contains { ($0 < 0x20 && $0 != 9) || $0 == 0x7F } }
  if hasControl && framing.rejection() == nil { fatalError("a control character in a value was accepted") }
  return 0
}
