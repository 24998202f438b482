import CommandLineKit
import Testing

@testable import RocketReserverCLI

@Suite struct WordSplitterTests {
  @Test func blanksSeparateWords() throws {
    #expect(try WordSplitter.split("  book\t42   now ") == ["book", "42", "now"])
    #expect(try WordSplitter.split("   ") == [])
  }

  @Test func quotesKeepBlanksAndEscapesWork() throws {
    #expect(
      try WordSplitter.split(#"login 'a b' "c \"d\" \\ \n" e\ f"#)
        == ["login", "a b", #"c "d" \ \n"#, "e f"])
    #expect(try WordSplitter.split(#"say '' """#) == ["say", "", ""])
    #expect(try WordSplitter.split("x'y'z") == ["xyz"])
  }

  @Test func commentsStartAtAnUnquotedHashAtAWordStart() throws {
    #expect(try WordSplitter.split("# all comment") == [])
    #expect(try WordSplitter.split("help # why") == ["help"])
    #expect(try WordSplitter.split("book a#b '#c'") == ["book", "a#b", "#c"])
  }

  @Test func unterminatedQuotesAreUsageErrors() {
    #expect(throws: UsageError("unterminated ' quote")) { try WordSplitter.split("a 'b") }
    #expect(throws: UsageError("unterminated \" quote")) { try WordSplitter.split("a \"b") }
    #expect(throws: UsageError("a backslash at the end of the line escapes nothing")) {
      try WordSplitter.split("a \\")
    }
  }

  @Test func lenientSplittingNeverFails() {
    #expect(WordSplitter.splitLeniently("help 'qu") == ["help", "qu"])
  }

  @Test func nonASCIIWordsSurvive() throws {
    #expect(try WordSplitter.split("help ünïcödé 🚀") == ["help", "ünïcödé", "🚀"])
  }
}
