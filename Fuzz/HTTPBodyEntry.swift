// libFuzzer entry point for request bodies (see Fuzz/run.sh http-body SECONDS).
//
// The first input byte picks the framing: even sends the rest with Content-Length, odd sends it
// chunked, in chunks whose sizes come from the following bytes. The body reaches the real
// server's JSON parsing, parameter checks and GraphQL execution (Fuzz/HTTP/FuzzServer.swift).
// Every answer must be one well-formed response with a status the server documents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  guard let mode = bytes.first else { return 0 }
  let body = Array(bytes.dropFirst())
  var request = Array("POST /graphql HTTP/1.1\r\nHost: fuzz\r\nContent-Type: application/json\r\n".utf8)
  if mode & 1 == 0 {
    request += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  } else {
    request += Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
    var rest = body[...]
    var sizes = body.makeIterator()
    while !rest.isEmpty {
      let count = min(rest.count, Int(sizes.next() ?? 255) + 1)
      request += Array("\(String(count, radix: 16))\r\n".utf8) + rest.prefix(count) + Array("\r\n".utf8)
      rest = rest.dropFirst(count)
    }
    request += Array("0\r\n\r\n".utf8)
  }
  let statuses = checkResponses(exchange(request), input: bytes)
  let expected: Set<Int> = [200, 400, 405, 413, 415]
  guard statuses.count == 1, expected.contains(statuses[0]) else {
    fatalError("statuses \(statuses) for body \(Array(body.prefix(256)))")
  }
  return 0
}
