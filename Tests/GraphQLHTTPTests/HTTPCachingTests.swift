import Testing

@testable import GraphQLHTTP

/// The validators of GET answers: the content tag and `If-None-Match` matching.
@Suite struct HTTPCachingTests {
  @Test func theTagFollowsEveryByteAndOnlyTheBytes() {
    let body = Array(#"{"data":{"launches":{"cursor":"1","hasMore":true}}}"#.utf8)
    let tag = HTTPCaching.contentTag(body)
    #expect(tag.count == 34 && tag.first == "\"" && tag.last == "\"")
    #expect(HTTPCaching.contentTag(body) == tag)
    // One changed bit anywhere, in the 8-byte words or the tail, and one byte more or less.
    var tags: Set<String> = [tag]
    for index in body.indices {
      var changed = body
      changed[index] ^= 1
      tags.insert(HTTPCaching.contentTag(changed))
    }
    tags.insert(HTTPCaching.contentTag(body + [0]))
    tags.insert(HTTPCaching.contentTag(Array(body.dropLast())))
    #expect(tags.count == body.count + 3)
  }

  @Test func ifNoneMatchComparesWeaklyAndTakesListsAndAStar() {
    let tag = #""0123456789abcdef0123456789abcdef""#
    #expect(HTTPCaching.matches(tag, tag))
    #expect(HTTPCaching.matches("W/" + tag, tag))
    #expect(HTTPCaching.matches(#""other", "# + tag, tag))
    #expect(HTTPCaching.matches("*", tag))
    #expect(!HTTPCaching.matches(#""other""#, tag))
    #expect(!HTTPCaching.matches("", tag))
  }
}
