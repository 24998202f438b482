import CommandLineKit
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
    let options = try? GlobalOptions.parse(["--no-color", "help"])
    #expect(options?.noColor == true)
    #expect(options?.command == ["help"])
    let late = try? GlobalOptions.parse(["book", "--no-color"])
    #expect(late?.noColor == false)
    #expect(late?.command == ["book", "--no-color"])
  }
}
