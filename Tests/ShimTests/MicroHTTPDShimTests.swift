import CMicroHTTPD
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Answers every request with a fixed body; libmicrohttpd calls it on its own threads.
private let helloHandler: MHD_AccessHandlerCallback = {
  _, connection, _, _, _, _, _, requestState in
  // libmicrohttpd calls the handler once with the headers, then again per body chunk;
  // answer on the first call for a body-less GET.
  guard let connection else { return cmhd_no() }
  let body = Array("hello from libmicrohttpd".utf8)
  let response = body.withUnsafeBufferPointer { buffer in
    cmhd_response_copying(buffer.baseAddress, buffer.count)
  }
  guard let response else { return cmhd_no() }
  MHD_add_response_header(response, "Content-Type", "text/plain")
  let result = MHD_queue_response(connection, UInt32(MHD_HTTP_OK), response)
  MHD_destroy_response(response)
  return result
}

@Suite struct MicroHTTPDShimTests {
  @Test func servesOneRequestOnAnEphemeralLoopbackPort() async throws {
    let loopback = inet_addr("127.0.0.1")
    let daemon = try #require(
      cmhd_start(loopback, 0, 1, 5, 16, helloHandler, nil, nil, nil))
    defer { MHD_stop_daemon(daemon) }
    let port = cmhd_bound_port(daemon)
    #expect(port != 0)

    let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
    let (data, response) = try await URLSession.shared.data(from: url)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self) == "hello from libmicrohttpd")
  }
}
