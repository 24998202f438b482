import CCurl
import CMicroHTTPD
import Foundation
import Testing

/// Echoes the request's `X-Echo` header back as the body, with status 201.
private let echoHandler: MHD_AccessHandlerCallback = {
  _, connection, _, _, _, _, _, _ in
  guard let connection else { return cmhd_no() }
  let echoed = cmhd_header(connection, "X-Echo").map { String(cString: $0) }
  let body = Array((echoed ?? "none").utf8)
  let response = body.withUnsafeBufferPointer { cmhd_response_copying($0.baseAddress, $0.count) }
  guard let response else { return cmhd_no() }
  let result = MHD_queue_response(connection, 201, response)
  MHD_destroy_response(response)
  return result
}

/// Appends each chunk libcurl delivers to the `[UInt8]` the user data points at.
private let collectBody: ccurl_data_fn = { bytes, size, count, userData in
  guard let bytes, let userData else { return 0 }
  let buffer = userData.assumingMemoryBound(to: [UInt8].self)
  buffer.pointee.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: size * count))
  return size * count
}

/// The typed wrappers in `Sources/Shims/CCurl/include/shim.h`, against the real libcurl.
@Suite struct CurlShimTests {
  @Test func easyTransferSetsOptionsAndReadsInfo() throws {
    #expect(ccurl_global_init() == CURLE_OK)
    let daemon = try #require(cmhd_start(inet_addr("127.0.0.1"), 0, 1, 5, 16, echoHandler, nil, nil, nil))
    defer { MHD_stop_daemon(daemon) }
    let easy = try #require(curl_easy_init())
    defer { curl_easy_cleanup(easy) }
    let headers = curl_slist_append(nil, "X-Echo: typed wrappers")
    defer { curl_slist_free_all(headers) }
    var body: [UInt8] = []
    #expect(
      ccurl_easy_setopt_string(easy, CURLOPT_URL, "http://127.0.0.1:\(cmhd_bound_port(daemon))/") == CURLE_OK)
    #expect(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1) == CURLE_OK)
    #expect(ccurl_easy_setopt_off_t(easy, CURLOPT_TIMEOUT_MS, 10_000) == CURLE_OK)
    #expect(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers) == CURLE_OK)
    #expect(ccurl_easy_setopt_data_fn(easy, CURLOPT_WRITEFUNCTION, collectBody) == CURLE_OK)
    let code = withUnsafeMutablePointer(to: &body) { pointer in
      _ = ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, pointer)
      return curl_easy_perform(easy)
    }
    #expect(code == CURLE_OK)
    #expect(String(decoding: body, as: UTF8.self) == "typed wrappers")
    var status = 0
    #expect(ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK)
    #expect(status == 201)
    var length: curl_off_t = -2
    #expect(ccurl_easy_getinfo_off_t(easy, CURLINFO_SIZE_DOWNLOAD_T, &length) == CURLE_OK)
    #expect(length == 14)
    var scheme: UnsafePointer<CChar>?
    #expect(ccurl_easy_getinfo_string(easy, CURLINFO_SCHEME, &scheme) == CURLE_OK)
    #expect(scheme.map { String(cString: $0).lowercased() } == "http")
  }

  @Test func multiPollSleepsUntilWokenFromAnotherThread() throws {
    #expect(ccurl_global_init() == CURLE_OK)
    #expect(ccurl_is_thread_safe() == 1)
    let multi = try #require(curl_multi_init())
    defer { curl_multi_cleanup(multi) }
    #expect(ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 4) == CURLM_OK)
    struct Handle: @unchecked Sendable { let multi: UnsafeMutableRawPointer }  // wakeup is thread-safe
    let handle = Handle(multi: multi)
    let waker = Thread { _ = curl_multi_wakeup(handle.multi) }
    let start = ContinuousClock.now
    waker.start()
    var ready: Int32 = -1
    // Without the wakeup this would sleep a minute: returning at all proves the wakeup works.
    #expect(curl_multi_poll(multi, nil, 0, 60_000, &ready) == CURLM_OK)
    #expect(ContinuousClock.now - start < .seconds(30))
    #expect(ready == 0)
  }
}
