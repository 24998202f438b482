import Testing

@testable import RocketReserverCLI

@Suite struct TextStyleTests {
  @Test func coloursOnlyOnATerminalWithoutOptOut() {
    #expect(TextStyle.detect(isTerminal: true, environment: [:], noColorOption: false).isEnabled)
    #expect(!TextStyle.detect(isTerminal: false, environment: [:], noColorOption: false).isEnabled)
    #expect(
      !TextStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"], noColorOption: false).isEnabled)
    #expect(!TextStyle.detect(isTerminal: true, environment: [:], noColorOption: true).isEnabled)
    #expect(
      !TextStyle.detect(isTerminal: true, environment: ["TERM": "dumb"], noColorOption: false).isEnabled)
    // no-color.org: an empty NO_COLOR does not count.
    #expect(TextStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""], noColorOption: false).isEnabled)
  }

  @Test func plainStyleLeavesTextAlone() {
    #expect(TextStyle.plain.error("oops") == "oops")
    #expect(TextStyle(isEnabled: true).error("oops") == "\u{1B}[31moops\u{1B}[0m")
  }

  @Test func noColorOptionIsTakenFromTheOptionsOnly() {
    #expect(RocketReserverMain.extractNoColorOption(["--no-color", "help"]) == (true, ["help"]))
    let (found, rest) = RocketReserverMain.extractNoColorOption(["book", "--no-color"])
    #expect(!found)
    #expect(rest == ["book", "--no-color"])
  }
}
