import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct SuggestionListTests {
  @Test func ranksByDistanceThenNaturalOrder() {
    #expect(
      SuggestionList.list(for: "nam", options: ["name", "nickname", "names", "game", "age"]) == [
        "name", "game", "names",
      ])
    #expect(
      SuggestionList.list(for: "item2", options: ["item10", "item1", "item3"]) == [
        "item1", "item3", "item10",
      ])
  }

  @Test func treatsCaseOnlyDifferencesAsCloseAndIgnoresFarOptions() {
    #expect(SuggestionList.list(for: "DOG", options: ["dog", "cat"]) == ["dog"])
    #expect(SuggestionList.list(for: "ab", options: ["abcd", "xy"]).isEmpty)
  }

  @Test func countsTranspositionsAsOneEdit() {
    #expect(SuggestionList.list(for: "naem", options: ["name"]) == ["name"])
  }

  @Test func formatsDidYouMeanLikeGraphQLJS() {
    #expect(SuggestionList.didYouMean([]) == "")
    #expect(SuggestionList.didYouMean(["a"]) == #" Did you mean "a"?"#)
    #expect(SuggestionList.didYouMean(["a", "b"]) == #" Did you mean "a" or "b"?"#)
    #expect(
      SuggestionList.didYouMean(["a", "b", "c", "d", "e", "f"], subject: "the enum value")
        == #" Did you mean the enum value "a", "b", "c", "d", or "e"?"#)
  }

  @Test func comparesDigitRunsAsNumbers() {
    #expect(SuggestionList.naturalOrder("a2", "a10"))
    #expect(!SuggestionList.naturalOrder("a10", "a2"))
    #expect(SuggestionList.naturalOrder("a", "ab"))
    #expect(SuggestionList.naturalOrder("B", "a"))
  }
}
