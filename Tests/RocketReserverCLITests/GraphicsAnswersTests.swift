import Testing

@testable import RocketReserverCLI

/// Reading a terminal's answers to the graphics queries, and the way of drawing they lead to.
@Suite struct GraphicsAnswersTests {
  @Test func kittysOKAndTheDeviceAttributesAreRead() {
    let answers = GraphicsAnswers(parsing: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
    #expect(answers == GraphicsAnswers(kitty: true, sixel: false, complete: true))
    #expect(answers.graphics(environment: [:]) == .kitty)
  }

  @Test func sixelIsAttributeFourAndNotAPartOfAnotherNumber() {
    #expect(GraphicsAnswers(parsing: Array("\u{1B}[?62;4;22c".utf8)).sixel)
    #expect(!GraphicsAnswers(parsing: Array("\u{1B}[?64;42c".utf8)).sixel)
    #expect(GraphicsAnswers(parsing: Array("\u{1B}[?63;4c".utf8)).graphics(environment: [:]) == .sixel)
  }

  @Test func anUnfinishedAnswerIsNotComplete() {
    #expect(!GraphicsAnswers(parsing: Array("\u{1B}[?62;4".utf8)).complete)
    #expect(!GraphicsAnswers(parsing: []).complete)
  }

  @Test func iTermByItsNameThenBlocksUnlessNoColour() {
    let none = GraphicsAnswers(complete: true)
    #expect(none.graphics(environment: ["TERM_PROGRAM": "iTerm.app"]) == .iterm2)
    #expect(none.graphics(environment: [:]) == .blocks)
    #expect(none.graphics(environment: ["NO_COLOR": "1"]) == nil)
    #expect(GraphicsAnswers(kitty: true).graphics(environment: ["NO_COLOR": "1"]) == .kitty)
  }
}
