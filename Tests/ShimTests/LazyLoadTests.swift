import CCurl
import CLazyLoad
import Testing

/// Libraries opened on first use (Sources/Shims/CLazyLoad): what happens when one is there, and when not.
@Suite struct LazyLoadTests {
  @Test func aMissingLibraryIsReportedWithTheLoadersReason() {
    let library = UnsafeMutablePointer<lazy_library>.allocate(capacity: 1)
    defer { library.deallocate() }
    "librocket-reserver-missing.so.9".withCString { name in
      // The handle is a C11 atomic, which Swift does not import: zero-initialized, it is NULL.
      library.initialize(to: lazy_library())
      library.pointee.soname = name
      #expect(lazy_load_error(library) == nil)
      #expect(lazy_load_open(library) == nil)
      let reason = lazy_load_error(library).map { String(cString: $0) } ?? ""
      #expect(reason.contains("librocket-reserver-missing.so.9"))
      // Still missing on a second try, with the same reason.
      #expect(lazy_load_open(library) == nil)
      #expect(lazy_load_error(library).map { String(cString: $0) } == reason)
    }
  }

  @Test func libcurlOpensOnFirstUseAndAnswers() throws {
    #expect(ccurl_open_error() == nil)
    let message = try #require(curl_easy_strerror(CURLE_OK))
    #expect(String(cString: message) == "No error")
  }
}
