import CommandLineKit
import Testing

@testable import RocketReserverCLI

@Suite struct CompletionTests {
  @Test func theWordEndsAtTheCursor() {
    #expect(Completion.word(in: "help qu", cursor: 7) == "qu")
    #expect(Completion.word(in: "help qu", cursor: 5) == "")
    #expect(Completion.word(in: "hel", cursor: 2) == "he")
    #expect(Completion.word(in: "book ünï", cursor: 7) == "ün")
  }

  @Test func aSingleMatchIsCompletedWithASpace() {
    #expect(Completion.action(word: "he", candidates: ["help"]) == .insert("lp "))
    #expect(Completion.action(word: "ü", candidates: ["über", "other"]) == .insert("ber "))
    #expect(Completion.action(word: "help", candidates: ["help", "help"]) == .insert(" "))
  }

  @Test func aNameInADocumentIsCompletedWithoutASpace() {
    #expect(Completion.action(word: "missi", candidates: ["mission"], appendsSpace: false) == .insert("on"))
    #expect(Completion.action(word: "mission", candidates: ["mission"], appendsSpace: false) == .none)
  }

  @Test func describedCandidatesAreLaidOutWithTheirDescriptionsInOneColumn() {
    let listed = ["10", "100"].map {
      Completion.listed($0, description: $0 == "10" ? "CRS-2" : "Starlink-10", width: 3)
    }
    #expect(listed == ["10   (CRS-2)", "100  (Starlink-10)"])
    #expect(Completion.listed("7", description: nil, width: 3) == "7")
  }

  @Test func severalMatchesInsertTheCommonPrefixOrList() {
    #expect(Completion.action(word: "l", candidates: ["launches", "launch"]) == .insert("aunch"))
    #expect(
      Completion.action(word: "launch", candidates: ["launches", "launch"])
        == .list(["launch", "launches"]))
    #expect(Completion.action(word: "", candidates: ["quit", "help"]) == .list(["help", "quit"]))
  }

  @Test func launchIDsAreListedInNumericOrder() {
    #expect(
      Completion.action(word: "1", candidates: ["110", "1", "11", "10", "109", "2"])
        == .list(["1", "10", "11", "109", "110"]))
    #expect(Completion.action(word: "", candidates: ["10", "9", "help"]) == .list(["9", "10", "help"]))
  }

  @Test func nothingMatchingDoesNothing() {
    #expect(Completion.action(word: "x", candidates: ["help"]) == .none)
    #expect(Completion.action(word: "x", candidates: []) == .none)
  }

  @Test func listsAreLaidOutInColumnsDownThenAcross() {
    let items = ["a", "bb", "ccc", "d", "e"]
    #expect(Completion.columns(items, width: 80) == "a    bb   ccc  d    e\n")
    #expect(Completion.columns(items, width: 10) == "a    d\nbb   e\nccc\n")
    #expect(Completion.columns(items, width: 1) == "a\nbb\nccc\nd\ne\n")
  }
}
